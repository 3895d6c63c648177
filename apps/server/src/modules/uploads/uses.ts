import type { Deps } from '../../platform/deps.ts';

/**
 * Whether an upload is used where deleting it would break what others see. The modules that show uploads
 * (the community's posts) register a check from their `setup`, so this module never reads their tables.
 * `key` is the upload's folder (`u/{account}/{purpose}/{id}`); every size's URL contains it.
 */
export type UploadUseCheck = (deps: Deps, accountId: number, key: string) => Promise<boolean>;

const checks = new Map<string, UploadUseCheck>();

/** Registers (or replaces: setups are idempotent) a module's check. */
export function registerUploadUse(owner: string, check: UploadUseCheck): void {
  checks.set(owner, check);
}

export async function isUploadInUse(deps: Deps, accountId: number, key: string): Promise<boolean> {
  for (const check of checks.values()) if (await check(deps, accountId, key)) return true;
  return false;
}
