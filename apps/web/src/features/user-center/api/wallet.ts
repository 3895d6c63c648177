import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { API, type WalletEntriesResponse } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const WALLET_ENTRIES_PER = 10;

/** GET /api/me/wallet_entries: the wallet's ledger on this site, newest first, with the balance it adds up to. */
export const walletEntriesQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.wallet.page(page),
    queryFn: ({ signal }) => api.get<WalletEntriesResponse>(API.walletEntries, { query: { page, per: WALLET_ENTRIES_PER }, signal }),
    placeholderData: keepPreviousData,
  });
