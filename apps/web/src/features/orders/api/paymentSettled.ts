import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';

/**
 * A completed payment touches most of the account at once: the order and its list, the wallet or points,
 * keys, the library, the user centre's counts. Everything under the account is refetched.
 */
export const afterPaymentCompleted = (client: QueryClient) => void client.invalidateQueries({ queryKey: queryKeys.me.all });
