import type { QueryClient } from '@tanstack/react-query';
import { CPS_ATTRIBUTION_WINDOW_SECONDS, isDistributionCodeShape, normalizeDistributionCode } from '@lantern/domain';
import { DISTRIBUTION_API } from '@lantern/contract';
import { api } from './api';
import { cpsStorageKey } from './cps-storage';
import { queryKeys } from './query-keys';

/**
 * Keeps and records a followed distribution link (docs/product/distribution.md#attribution). Apart from `cps.ts`,
 * and loaded only when there is a code to keep or record: the contract and the full query keys would otherwise sit
 * in every page's first JavaScript (decisions/0045). What the server refuses (one's own code, an unknown one) is
 * dropped quietly: the visitor asked for a page, not for an attribution.
 */
interface Pending {
  code: string;
  at: number;
}

function readPending(): Pending | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(cpsStorageKey()) ?? 'null') as Pending | null;
    if (!parsed || typeof parsed.code !== 'string' || typeof parsed.at !== 'number') return null;
    return Date.now() - parsed.at < CPS_ATTRIBUTION_WINDOW_SECONDS * 1000 ? parsed : null;
  } catch {
    return null;
  }
}

/** A code from the link is kept (for a guest, until sign-in); a signed-in visitor's kept code is recorded. */
export function captureCps(client: QueryClient, fromLink: string | null, accountId: number | null): Promise<unknown> | undefined {
  if (fromLink !== null) {
    const code = normalizeDistributionCode(fromLink);
    if (isDistributionCodeShape(code)) localStorage.setItem(cpsStorageKey(), JSON.stringify({ code, at: Date.now() }));
  }
  if (accountId === null) return;
  const pending = readPending();
  localStorage.removeItem(cpsStorageKey());
  if (!pending) return;
  return recordCpsVisit(client, pending.code);
}

function recordCpsVisit(client: QueryClient, code: string): Promise<unknown> {
  return api.post(DISTRIBUTION_API.visits, { cps_visit: { code } }, { auth: 'optional' })
    .then(() => client.invalidateQueries({ queryKey: queryKeys.distribution.mine }))
    .catch(() => undefined);
}
