import { SITES, totalScore, type Site } from '@lantern/domain';
import type { UserCenterInfo } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { loadMeRow } from '../accounts/presenter.ts';
import { listWishes } from '../catalog/wishes.ts';
import { listMine } from '../coupons/coupons.ts';
import { keyCounts } from '../keys/index.ts';
import { countGames } from '../library/index.ts';
import { listOrders, orderCounts } from '../orders/index.ts';

const LATEST_ORDERS = 3;
const NAMES_PER_ORDER = 3;

/**
 * GET /api/user_center/info: the user-centre home in one call. Each part comes from its module's own
 * service (orders, library, keys, coupons, wishes, accounts), read in parallel. The latest orders are
 * read first: that read cancels orders past their payment window, so the pending count agrees with it.
 */
export async function userCenterInfo(deps: Deps, accountId: number, site: Site): Promise<UserCenterInfo> {
  const area = site.area;
  const latest = await listOrders(deps, accountId, area, 1, LATEST_ORDERS);
  const now = deps.clock.now();
  const [me, ordersN, games, keys, coupons, wishes] = await Promise.all([
    loadMeRow(deps, accountId, site),
    orderCounts(deps.db, accountId, area, now),
    countGames(deps.db, accountId, area),
    keyCounts(deps.db, accountId, area),
    listMine(deps, accountId, area, 1, 1, 'available'),
    listWishes(deps, accountId, area, 1, 1),
  ]);
  if (!me) throw fail.unauthorized();
  const { account, extras } = me;
  return {
    account: { id: account.id, nickname: account.nickname, avatar_url: account.avatarUrl, region: account.region, area },
    counts: {
      orders_pending: ordersN.pending,
      orders_completed: ordersN.completed,
      games_owned: games,
      keys_not_activated: keys.notActivated,
      keys_waiting: keys.waiting,
      coupons_usable: coupons.meta.total_count,
      wishes: wishes.meta.total_count,
    },
    wallet: { balance: extras.walletBalance ?? 0, currency: SITES[area].currency, status: extras.walletStatus ?? 'active' },
    points: { score: account.score, history_score: account.historyScore, total_score: totalScore({ score: account.score, history_score: account.historyScore }) },
    latest_orders: latest.orders.map((o) => ({
      id: o.id,
      type: o.type,
      state: o.state,
      display_state: o.display_state,
      cate: o.cate,
      currency: o.currency,
      total_amount: o.total_amount,
      created_at_timestamp: o.created_at_timestamp,
      games_count: o.order_games.length,
      sku_names: o.order_games.slice(0, NAMES_PER_ORDER).map((g) => g.sku_names),
    })),
  };
}
