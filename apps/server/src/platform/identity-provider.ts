import type { KeyValueStore } from './kv.ts';

export type IdentityCheck = 'verified' | 'mismatch' | 'day_api_limit' | 'year_api_limit';

/**
 * The real-name check against the national identity service. Only the sandbox exists here; a real
 * adapter plugs in behind this interface by configuration.
 */
export interface IdentityProvider {
  verify(name: string, idNumber: string, now: Date): Promise<IdentityCheck>;
}

/**
 * Sandbox: any well-formed name and ID number match, except names beginning with "不符" or "Mismatch",
 * which the sandbox reports as not matching (so the failure path can be exercised end to end). It keeps
 * the provider's own daily and yearly call quotas, like the real service does.
 */
export class SandboxIdentityProvider implements IdentityProvider {
  constructor(
    private readonly kv: KeyValueStore,
    private readonly quotas = { perDay: 100_000, perYear: 10_000_000 },
  ) {}

  async verify(name: string, _idNumber: string, now: Date): Promise<IdentityCheck> {
    const day = now.toISOString().slice(0, 10);
    const year = day.slice(0, 4);
    if ((await this.kv.incr(`idp:day:${day}`, 86_400)) > this.quotas.perDay) return 'day_api_limit';
    if ((await this.kv.incr(`idp:year:${year}`, 366 * 86_400)) > this.quotas.perYear) return 'year_api_limit';
    return /^(不符|mismatch)/i.test(name.trim()) ? 'mismatch' : 'verified';
  }
}
