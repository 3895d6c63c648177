import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { NOTIFICATIONS_API, PEOPLE_API } from '@lantern/contract';
import { ACTION_LIMITS, NEW_ACCOUNT_DAYS } from '@lantern/domain';
import { makeAccount } from '../support/catalog-factories.ts';
import { updateAccount } from '../support/factories.ts';
import { rowsOf } from '../../src/platform/db/json-rows.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * Follows and unfollows are paced through moderation's write pace, and their notifications collapse per
 * follower (docs/product/people.md#follows, docs/product/messaging.md#notification-kinds): toggling a follow
 * cannot flood someone's notifications.
 */
const { t, api } = useTestApp({ env: { COMMUNITY_WRITE_PACE: 'on' } });

type Account = { id: number; token: string };
const follow = (who: Account, id: number) => api.native.post(PEOPLE_API.friends(id), undefined, { token: who.token });
const unfollow = (who: Account, id: number) => api.native.delete(PEOPLE_API.follow(id), { token: who.token });

async function regular(): Promise<Account> {
  const account = await makeAccount(t);
  await updateAccount(t, account.id, { createdAt: new Date(t.clock.now().getTime() - (NEW_ACCOUNT_DAYS + 1) * 86_400_000) });
  return account;
}

async function followNotices(recipient: Account) {
  const recipientId = recipient.id;
  const [row] = await rowsOf<{ rows: number; events: number }>(t.deps.db, sql`
    SELECT (SELECT count(*)::int FROM notifications WHERE recipient_id = ${recipientId} AND kind = 'follow') AS rows,
           (SELECT count(*)::int FROM live_events WHERE account_id = ${recipientId} AND type = 'notification') AS events`);
  const counters = (await api.native.get(NOTIFICATIONS_API.service, { token: recipient.token })).json().counters;
  return { rows: Number(row!.rows), events: Number(row!.events), unread: counters.by_kind.follow ?? 0 };
}

describe('follow and unfollow pace', () => {
  it('refuses a follow or unfollow sooner than the gap with 429 access_wait, and admits it after', async () => {
    const [fan, star] = [await regular(), await regular()];
    expect((await follow(fan, star.id)).statusCode).toBe(200);
    const soon = await unfollow(fan, star.id);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().errors).toEqual({ base: ['access_wait'] });
    t.clock.advance(ACTION_LIMITS.follow.regular.gapSeconds);
    expect((await unfollow(fan, star.id)).json().follow.following).toBe(false);
    const refollow = await follow(fan, star.id);
    expect(refollow.statusCode).toBe(429);
    t.clock.advance(ACTION_LIMITS.follow.regular.gapSeconds);
    expect((await follow(fan, star.id)).json().follow.following).toBe(true);
  });

  it('stops a new account at its day\'s budget of follows and unfollows together with 429 rate_limit', async () => {
    const fan = await makeAccount(t);
    const stars = await Promise.all(Array.from({ length: 3 }, () => makeAccount(t)));
    const { perDay, gapSeconds } = ACTION_LIMITS.follow.new;
    let admitted = 0;
    for (let i = 0; admitted < perDay; i++) {
      const star = stars[i % stars.length]!;
      const res = i % 2 === 0 ? await follow(fan, star.id) : await unfollow(fan, star.id);
      expect(res.statusCode, res.body).toBe(200);
      admitted++;
      t.clock.advance(gapSeconds);
    }
    const over = await follow(fan, stars[0]!.id);
    expect(over.statusCode).toBe(429);
    expect(over.json().errors).toEqual({ base: ['rate_limit'] });
    expect(over.json().meta.retry_after).toBeGreaterThan(0);
  });
});

describe('follow notifications', () => {
  it('collapse per follower: follow, unfollow, follow again is one unread notification and one event', async () => {
    const star = await regular();
    const [fan, other] = [await regular(), await regular()];
    for (let round = 0; round < 4; round++) {
      expect((await follow(fan, star.id)).statusCode).toBe(200);
      t.clock.advance(ACTION_LIMITS.follow.regular.gapSeconds);
      expect((await unfollow(fan, star.id)).statusCode).toBe(200);
      t.clock.advance(ACTION_LIMITS.follow.regular.gapSeconds);
    }
    expect((await follow(fan, star.id)).statusCode).toBe(200);
    expect(await followNotices(star)).toEqual({ rows: 1, events: 1, unread: 1 });

    // Another follower is news of its own.
    expect((await follow(other, star.id)).statusCode).toBe(200);
    expect(await followNotices(star)).toEqual({ rows: 2, events: 2, unread: 2 });

    // Once read, a later follow by the same follower tells again (the pace bounds how often).
    expect((await api.native.patch(NOTIFICATIONS_API.service, { all: true }, { token: star.token })).statusCode).toBe(200);
    t.clock.advance(ACTION_LIMITS.follow.regular.gapSeconds);
    expect((await unfollow(fan, star.id)).statusCode).toBe(200);
    t.clock.advance(ACTION_LIMITS.follow.regular.gapSeconds);
    expect((await follow(fan, star.id)).statusCode).toBe(200);
    expect(await followNotices(star)).toEqual({ rows: 3, events: 3, unread: 1 });
  });
});
