import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import type { Tx } from '../../platform/db/client.ts';
import type { ReportTarget } from '../moderation/index.ts';
import { plainTextOf } from '../community/index.ts';
import { talks } from './tables.ts';

/**
 * Talks as moderation's reports act on them (type `talk`; docs/product/people.md#talks): a live talk may be
 * reported; staff hide it (out of view, restorable), unhide it, or delete it for good. Talks are seen on both
 * sites; its reports go to the site it was written on.
 */
export const talkReportTarget: ReportTarget = {
  async load(deps, id) {
    const [row] = await deps.db.select({ accountId: talks.accountId, area: talks.area, content: talks.content }).from(talks).where(and(eq(talks.id, id), isNull(talks.deletedAt))).limit(1);
    return row ? { authorId: row.accountId, area: row.area, summary: plainTextOf(row.content).slice(0, 120) } : null;
  },
  async hide(deps, id, tx?: Tx) {
    await (tx ?? deps.db).update(talks).set({ deletedAt: deps.clock.now(), hiddenByStaff: true }).where(and(eq(talks.id, id), isNull(talks.deletedAt)));
  },
  async remove(deps, id, tx?: Tx) {
    await (tx ?? deps.db).update(talks).set({ deletedAt: deps.clock.now(), hiddenByStaff: false }).where(eq(talks.id, id));
  },
  async unhide(deps: Deps, id, tx?: Tx) {
    const back = await (tx ?? deps.db).update(talks).set({ deletedAt: null, hiddenByStaff: false })
      .where(and(eq(talks.id, id), isNotNull(talks.deletedAt), eq(talks.hiddenByStaff, true))).returning({ id: talks.id });
    return back.length > 0;
  },
};
