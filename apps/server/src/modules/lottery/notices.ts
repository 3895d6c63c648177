import type { ActivityNoticeDetail } from '@lantern/domain';
import { WEB_PAGES } from '@lantern/contract';
import type { NotifyInput } from '../notifications/index.ts';
import type { ActivityRow, PrizeRow } from './activities.ts';
import type { DrawRow } from './tables.ts';

const DETAIL: ActivityNoticeDetail = 'lottery_prize';

/**
 * The winner's notice of a draw (docs/product/messaging.md#lottery-prize): "You won a lottery prize", the excerpt the
 * activity's and the prize's titles in the site's language, linking to the lottery's page (its records show the
 * prize and where it went). One per draw (its target), written in the draw's transaction. Every prize a draw can
 * land on gives something (points, a coupon, a game, goods): a refused draw writes no draw and tells nothing.
 */
export function drawNotices(activity: ActivityRow, drawn: readonly { draw: DrawRow; prize: Pick<PrizeRow, 'title'> }[]): NotifyInput[] {
  const pick = (name: { chs: string; en: string }) => (activity.area === 'native' ? name.chs : name.en);
  return drawn.map(({ draw, prize }) => ({
    recipientId: draw.accountId,
    kind: 'activity',
    actorId: null,
    target: { type: 'LotteryDraw', id: draw.id },
    detail: DETAIL,
    excerpt: `${pick(activity.title)}: ${pick(prize.title)}`,
    href: WEB_PAGES.lottery.replace(':id', String(activity.id)),
  }));
}
