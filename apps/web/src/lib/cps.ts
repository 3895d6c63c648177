import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { cpsStorageKey } from './cps-storage';

/**
 * A page opened with `?cps=CODE` (docs/product/distribution.md#attribution): a signed-in visitor's visit is
 * recorded at once; a guest's code is kept in this browser for the attribution window and recorded when it signs
 * in. The work itself (cps-record.ts) loads only when there is a code in the link or one kept waiting: every
 * page runs this hook, and the code's rules and the contract would otherwise sit in its first JavaScript
 * (docs/decisions/0042-first-paint.md).
 */
export function useCpsCapture(accountId: number | null) {
  const [params] = useSearchParams();
  const client = useQueryClient();
  const fromLink = params.get('cps');
  useEffect(() => {
    if (fromLink === null && (accountId === null || !hasKeptCode())) return;
    void import('./cps-record').then(({ captureCps }) => captureCps(client, fromLink, accountId));
  }, [fromLink, accountId, client]);
}

function hasKeptCode(): boolean {
  try {
    return localStorage.getItem(cpsStorageKey()) !== null;
  } catch {
    return false;
  }
}
