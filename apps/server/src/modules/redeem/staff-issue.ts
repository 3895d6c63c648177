import type { IssueRedeemCodesRequest } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { findAccount } from '../accounts/index.ts';
import { loadSkuRows } from '../catalog/index.ts';
import { couponAreaOf } from '../coupons/index.ts';
import { issueRedeemCodes, type RedeemGoods } from './issue.ts';

/**
 * Staff issue redeem codes: the goods must exist on the codes' site (a game-like SKU, or a coupon of that
 * site), and an owner, when named, must be an open account. All codes are written in one statement.
 */
export async function issueCodesForStaff(deps: Deps, input: IssueRedeemCodesRequest['redeem_codes']) {
  const goods = input.goods;
  let target: RedeemGoods;
  if (goods.kind === 'sku') {
    const [row] = await loadSkuRows(deps.db, [goods.sku_id]);
    if (!row) throw new AppError(404, { sku_id: ['not_found'] });
    if (row.sku.area !== input.area) throw new AppError(422, { area: ['mismatch'] });
    if (row.cate === 'physical') throw new AppError(422, { sku_id: ['not_keyed'] });
    target = { kind: 'sku', skuId: goods.sku_id };
  } else if (goods.kind === 'coupon') {
    const area = await couponAreaOf(deps.db, goods.coupon_id);
    if (area === null) throw new AppError(404, { coupon_id: ['not_found'] });
    if (area !== input.area) throw new AppError(422, { area: ['mismatch'] });
    target = { kind: 'coupon', couponId: goods.coupon_id };
  } else {
    target = { kind: 'points', points: goods.points };
  }
  if (input.owner_account_id !== undefined && !(await findAccount(deps.db, input.owner_account_id))) {
    throw new AppError(404, { owner_account_id: ['not_found'] });
  }
  const expiresAt = input.expires_at_timestamp === undefined ? null : new Date(input.expires_at_timestamp * 1000);
  if (expiresAt !== null && expiresAt.getTime() <= deps.clock.now().getTime()) throw new AppError(422, { expires_at_timestamp: ['expired'] });
  const codes = await issueRedeemCodes(deps, deps.db, { area: input.area, goods: target, count: input.count, ownerAccountId: input.owner_account_id ?? null, expiresAt });
  return { redeem_codes: codes };
}
