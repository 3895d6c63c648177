import { describe, expect, it } from 'vitest';
import { NOTIFICATIONS_API } from '@lantern/contract';
import { clients } from '../support/client.ts';
import { seedAccounts } from '../../src/seed/accounts.ts';
import { seedNotifications } from '../../src/seed/notifications.ts';
import { accounts } from '../../src/modules/accounts/tables.ts';
import { exploringQueues } from '../../src/modules/queues/tables.ts';
import { eq } from 'drizzle-orm';
import { startSession } from '../../src/modules/accounts/sessions.ts';
import { useTestApp } from '../support/test-app.ts';

/** The demo's notifications: demo@ sees system notifications and collapsed likes, and an announcement of its site. */
const { t } = useTestApp();

describe('seedNotifications', () => {
  it('gives demo@ and player@ notifications of several kinds and each site an announcement', async () => {
    await seedAccounts(t.deps);
    // Accounts joined before the announcements (the test clock is not the database's).
    await t.deps.db.update(accounts).set({ createdAt: new Date(t.clock.now().getTime() - 60_000) });
    // The demo's exploring queue (seed/bundles.ts) whose reward the `activity` notice tells of.
    const now = t.clock.now();
    const [queue] = await t.deps.db.insert(exploringQueues).values({
      area: 'native', title: { chs: '探索队列 · 本周精选', en: 'Discovery queue' }, fromAt: now, toAt: new Date(now.getTime() + 86_400_000), rewardPoints: 100, createdAt: now, updatedAt: now,
    }).returning();
    const result = await seedNotifications(t.deps);
    expect(result.broadcasts).toBe(2);
    const [demo] = await t.deps.db.select().from(accounts).where(eq(accounts.email, 'demo@lantern.test'));
    const token = (await startSession(t.deps, t.deps.db, demo!.id, 'native')).accessToken;
    const api = clients(t).native;
    const service = (await api.get(NOTIFICATIONS_API.service, { token })).json();
    expect(service.counters.system_num).toBe(5);
    expect(service.counters.broadcast_num).toBe(1);
    const kinds = (await api.get(NOTIFICATIONS_API.messages, { token })).json().messages.map((m: { kind: string }) => m.kind);
    expect(new Set(kinds)).toEqual(new Set(['key', 'wish', 'register_reward', 'activity', 'operate', ...(service.counters.notice_num ? ['like'] : [])]));
    const messages = (await api.get(NOTIFICATIONS_API.messages, { token })).json().messages as { kind: string; excerpt: string; href: string }[];
    // Worded as the store's own producers word them.
    expect(messages.find((m) => m.kind === 'register_reward')).toMatchObject({ excerpt: '绑定手机 +10 积分', href: '/user_center/points' });
    expect(messages.find((m) => m.kind === 'activity')).toMatchObject({ excerpt: '探索队列 · 本周精选', href: `/queues/${queue!.id}` });
  });
});
