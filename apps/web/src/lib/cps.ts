import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { CPS_ATTRIBUTION_WINDOW_SECONDS, isDistributionCodeShape, normalizeDistributionCode } from '@lantern/domain';
import { getSite } from './site';

/**
 * A page opened with `?cps=CODE` (docs/product/distribution.md#attribution): a signed-in visitor's visit is
 * recorded at once; a guest's code is kept in this browser for the attribution window and recorded when it signs
 * in. What the server refuses (one's own code, an unknown one) is dropped quietly: the visitor asked for a page,
 * not for an attribution.
 */
const storageKey = () => `lantern.cps.${getSite().area}`;

interface Pending {
  code: string;
  at: number;
}

function readPending(): Pending | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(storageKey()) ?? 'null') as Pending | null;
    if (!parsed || typeof parsed.code !== 'string' || typeof parsed.at !== 'number') return null;
    return Date.now() - parsed.at < CPS_ATTRIBUTION_WINDOW_SECONDS * 1000 ? parsed : null;
  } catch {
    return null;
  }
}

export function useCpsCapture(accountId: number | null) {
  const [params] = useSearchParams();
  const client = useQueryClient();
  const fromLink = params.get('cps');
  useEffect(() => {
    if (fromLink !== null) {
      const code = normalizeDistributionCode(fromLink);
      if (isDistributionCodeShape(code)) localStorage.setItem(storageKey(), JSON.stringify({ code, at: Date.now() }));
    }
    if (accountId === null) return;
    const pending = readPending();
    if (!pending) return;
    localStorage.removeItem(storageKey());
    void import('./cps-record').then(({ recordCpsVisit }) => recordCpsVisit(client, pending.code));
  }, [fromLink, accountId, client]);
}
