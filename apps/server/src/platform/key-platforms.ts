/** One key to activate on its platform, for one account. */
export interface ActivationRequest {
  keyType: string;
  code: string;
  accountId: number;
}

export type ActivationAnswer = { ok: true } | { ok: false; errorCode: string };

/**
 * The game platforms keys are activated on (Steam, Epic, Origin, GOG…; docs/product/buying.md#key-activation).
 * A real adapter calls the platform with the player's linked account; the sandbox answers in-process.
 */
export interface KeyPlatforms {
  activate(request: ActivationRequest): Promise<ActivationAnswer>;
}

/**
 * Sandbox platforms: every key activates, except codes that say otherwise — one beginning with `REVOKED`
 * fails with `key_revoked`, `USED` with `key_already_used`, `REGION` with `region_locked` — and codes a
 * test scripted with `failNext`. (Beginning, not containing: a random key could hold the word.)
 */
export class SandboxKeyPlatforms implements KeyPlatforms {
  private readonly scripted = new Map<string, string>();

  failNext(code: string, errorCode: string) {
    this.scripted.set(code, errorCode);
  }

  async activate(request: ActivationRequest): Promise<ActivationAnswer> {
    const scripted = this.scripted.get(request.code);
    if (scripted) {
      this.scripted.delete(request.code);
      return { ok: false, errorCode: scripted };
    }
    const code = request.code.toUpperCase();
    if (code.startsWith('REVOKED')) return { ok: false, errorCode: 'key_revoked' };
    if (code.startsWith('USED')) return { ok: false, errorCode: 'key_already_used' };
    if (code.startsWith('REGION')) return { ok: false, errorCode: 'region_locked' };
    return { ok: true };
  }
}
