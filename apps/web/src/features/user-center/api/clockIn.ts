import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type Me } from '@lantern/contract';
import type { z } from 'zod';
import type { clockInResponse } from '@lantern/contract';
import { api, isApiError } from '../../../lib/api';
import type { MutationCallbacks } from '../../../lib/mutationCallbacks';
import { queryKeys } from '../../../lib/query-keys';

export type ClockInResponse = z.infer<typeof clockInResponse>;

/** POST /api/me/clock_in: the daily check-in. A second one the same day answers `base: ['greater_than']`. */
export const clockIn = () => api.post<ClockInResponse>(API.clockIn);

/** The server's answer to a second check-in on the same day. */
export const isAlreadyCheckedIn = (e: unknown) => isApiError(e) && Object.values(e.errors).some((r) => r.includes('greater_than'));

/**
 * Checks in. The new point balance shows at once and the account (with its point records) is refetched;
 * a refusal because today's check-in is done marks it done, so the button says so.
 */
export function useClockIn(callbacks: MutationCallbacks<ClockInResponse> = {}) {
  const client = useQueryClient();
  const patchMe = (change: (me: Me) => Me) => client.setQueryData<Me | null>(queryKeys.me.all, (old) => (old ? change(old) : old));
  return useMutation({
    mutationFn: clockIn,
    onSuccess: (res) => {
      patchMe((me) => ({ ...me, point: res.point }));
      void client.invalidateQueries({ queryKey: queryKeys.me.all });
      callbacks.onSuccess?.(res, undefined);
    },
    onError: (e) => {
      if (isAlreadyCheckedIn(e)) patchMe((me) => ({ ...me, point: { ...me.point, clock_in: { ...me.point.clock_in, checked: true } } }));
      callbacks.onError?.(e, undefined);
    },
  });
}
