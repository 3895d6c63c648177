import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { subscribeLive } from '../../../lib/live';
import { queryKeys } from '../../../lib/query-keys';

/**
 * A `private_message` live event (a message arrived, one was sent from another tab, a conversation was read or
 * deleted elsewhere) refreshes the list and the open conversation; the header's badge is the live
 * connection's own business (docs/product/messaging.md#private-messages).
 */
export function useLivePrivateMessages() {
  const client = useQueryClient();
  useEffect(() => subscribeLive('private_message', () => void client.invalidateQueries({ queryKey: queryKeys.conversations.all })), [client]);
}
