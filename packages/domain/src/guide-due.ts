/**
 * Whether an account is due to see the beginners' guide (docs/product/screens.md#guide). A module of its own:
 * the web's frame asks this on every page, while the steps (guide.ts) load only with the guide itself, and the
 * bundler places code by module.
 */
/** Shown in GET /api/me `configs`: `due` until the account closes or finishes the guide once. */
export const GUIDE_CONFIG = { kind: 'guide', key: 'beginners_guide', due: 'due', done: 'done' } as const;

/** Only ordinary accounts made by sign-up that have not closed it yet; the store's team never gets it. */
export function guideDueFor(account: { role: string; completed: boolean }): boolean {
  return account.role === 'user' && !account.completed;
}

export function isGuideDue(configs: readonly { kind: string; key: string; value: string }[]): boolean {
  return configs.some((c) => c.kind === GUIDE_CONFIG.kind && c.key === GUIDE_CONFIG.key && c.value === GUIDE_CONFIG.due);
}
