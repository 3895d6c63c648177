import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { meQuery } from './session';

/**
 * The shell's hook: one live connection while an account is signed in, closed on sign-out or when the account
 * changes. The connection's code (lib/liveConnection.ts) loads only then: a guest's first page goes without it.
 */
export function useLiveConnection(accountId: number | null): void {
  const client = useQueryClient();
  useEffect(() => {
    if (accountId === null || typeof EventSource === 'undefined') return;
    let stop: (() => void) | null = null;
    let closed = false;
    void import('./liveConnection').then(({ startLiveConnection }) => {
      if (closed) return;
      stop = startLiveConnection({
        client,
        // Reading `me` refreshes an expired session (lib/api.ts); null means signed out.
        stillSignedIn: async () => (await client.fetchQuery({ ...meQuery, staleTime: 0 })) !== null,
      });
    });
    return () => {
      closed = true;
      stop?.();
    };
  }, [accountId, client]);
}
