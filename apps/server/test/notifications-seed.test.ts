import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_API } from '@lantern/contract';
import { createTestApp, type TestApp } from './harness.ts';
import { clients } from './client.ts';
import { seedAccounts } from '../src/seed/accounts.ts';
import { seedNotifications } from '../src/seed/notifications.ts';
import { accounts } from '../src/modules/accounts/tables.ts';
import { eq } from 'drizzle-orm';
import { startSession } from '../src/modules/accounts/sessions.ts';

/** The demo's notifications: demo@ sees system notifications and collapsed likes, and an announcement of its site. */
let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

describe('seedNotifications', () => {
  it('gives demo@ and player@ notifications of several kinds and each site an announcement', async () => {
    await seedAccounts(t.deps);
    // Accounts joined before the announcements (the test clock is not the database's).
    await t.deps.db.update(accounts).set({ createdAt: new Date(t.clock.now().getTime() - 60_000) });
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
  });
});
