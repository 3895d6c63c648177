import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { NOTIFICATIONS_API } from '@lantern/contract';
import { makeAccount } from '../support/catalog-factories.ts';
import { countersOf, notifyNow, pruneReadNotifications } from '../../src/modules/notifications/index.ts';
import { markRead } from '../../src/modules/notifications/reading.ts';
import { notifications } from '../../src/modules/notifications/tables.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * Read notifications go after 180 days (docs/product/messaging.md#notification-pruning); unread ones stay
 * whatever their age, and the unread counters still equal a recount.
 */
const { t, api } = useTestApp();

const DAY_S = 86_400;

describe('pruning read notifications', () => {
  it('deletes those read more than 180 days ago, keeps the unread and the recently read', async () => {
    const reader = await makeAccount(t);
    const tell = (excerpt: string) => notifyNow(t.deps, { recipientId: reader.id, kind: 'activity', actorId: null, excerpt, href: '/messages' });
    await tell('read long ago');
    await tell('read long ago too');
    expect((await api.native.patch(NOTIFICATIONS_API.service, { all: true }, { token: reader.token })).statusCode).toBe(200);
    t.clock.advance(100 * DAY_S);
    await tell('never read');
    await tell('read lately');
    const lately = (await t.deps.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.excerpt, 'read lately')))[0]!;
    t.clock.advance(60 * DAY_S);
    // Half a year on, the reader's session has long ended: the reading is done as the centre does it.
    await markRead(t.deps, reader.id, { ids: [lately.id] });

    t.clock.advance(21 * DAY_S); // 181 days after the first two were read, 21 after the last
    expect(await pruneReadNotifications(t.deps)).toBeGreaterThanOrEqual(2);
    const kept = await t.deps.db.select({ excerpt: notifications.excerpt }).from(notifications).where(eq(notifications.recipientId, reader.id));
    expect(kept.map((row) => row.excerpt).sort()).toEqual(['never read', 'read lately']);

    // The one unread notification is still counted, as a recount would.
    expect((await countersOf(t.deps.db, reader.id, 0)).system_num).toBe(1);
  });
});
