import { REDEEM_API, type Redemption } from '@lantern/contract';
import { api } from '../../../lib/api';
import { useWrite, type MutationCallbacks } from '../../../lib/mutationCallbacks';
import { queryKeys } from '../../../lib/query-keys';

export interface RedeemInput {
  code: string;
  captcha?: { captcha_id: string; captcha: string };
}

/** POST /api/redeem: exchange a code (refusals: not found, used, invalid, bind failed, captcha invalid). */
export const redeemCode = ({ code, captcha }: RedeemInput) => api.post<Redemption>(REDEEM_API.redeem, { redeem: { code, ...(captcha ?? {}) } });

/**
 * Redeems a code. A code can give games, coupons or points, so success refreshes everything of the
 * account; a refusal refreshes whether the next try needs a captcha. A 401 has opened the sign-in popup
 * already and is not passed on.
 */
export function useRedeemCode(callbacks: MutationCallbacks<Redemption, RedeemInput> = {}) {
  return useWrite(redeemCode, callbacks, {
    succeeded: (client) => {
      void client.invalidateQueries({ queryKey: queryKeys.redeem.all });
      void client.invalidateQueries({ queryKey: queryKeys.me.all });
    },
    refused: (client) => client.invalidateQueries({ queryKey: queryKeys.redeem.state }),
    quietUnauthorized: true,
  });
}
