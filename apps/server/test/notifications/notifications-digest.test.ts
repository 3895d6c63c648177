import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { NOTIFICATIONS_API } from '@lantern/contract';
import { makeAccount } from '../support/catalog-factories.ts';
import { accounts } from '../../src/modules/accounts/tables.ts';
import { startSession } from '../../src/modules/accounts/sessions.ts';
import { outboxMessages } from '../../src/platform/db/platform-tables.ts';
import { notifyNow, sendDigests } from '../../src/modules/notifications/index.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * The daily e-mail digest (docs/product/messaging.md#email-digest): an account with it on gets, at most once a
 * day, a summary of its unread notifications of the last day, in its site's language, through the outbox.
 */
const { t, api } = useTestApp();

type Account = { id: number; token: string };
const HOUR_S = 3_600;
const emailOf = async (who: Account) => (await t.deps.db.select({ email: accounts.email }).from(accounts).where(eq(accounts.id, who.id)))[0]!.email!;
const mailsTo = async (who: Account) => t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, await emailOf(who))).orderBy(outboxMessages.id);
const digestOn = async (who: Account, area: 'native' | 'abroad' = 'native') =>
  expect((await api[area].post(NOTIFICATIONS_API.settings, { accounts_notification: { email_digest: true } }, { token: who.token })).statusCode).toBe(200);
const tell = (who: Account, kind: 'key' | 'wish' | 'activity', excerpt: string) => notifyNow(t.deps, { recipientId: who.id, kind, actorId: null, excerpt, href: '/messages' });

describe('the daily e-mail digest', () => {
  it('sums up the last day\'s unread notifications by kind, once a day, in the site\'s language', async () => {
    const [on, off] = [await makeAccount(t), await makeAccount(t)];
    const abroad = await makeAccount(t, { area: 'abroad' });
    await digestOn(on);
    await digestOn(abroad, 'abroad');
    for (const who of [on, off, abroad]) {
      await tell(who, 'key', 'Outer Wilds');
      await tell(who, 'wish', 'Hades');
      await tell(who, 'wish', 'Celeste');
    }
    await sendDigests(t.deps);
    const [mail, ...more] = await mailsTo(on);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('你有 3 条未读通知');
    const body = t.deps.secrets.decrypt(mail!.body);
    expect(body).toContain('激活码到账: 1');
    expect(body).toContain('愿望单提醒: 2');
    expect(body).toContain('Celeste');
    expect(await mailsTo(off)).toEqual([]);
    const english = await mailsTo(abroad);
    expect(english.map((m) => m.subject)).toEqual(['You have 3 unread notifications']);
    expect(t.deps.secrets.decrypt(english[0]!.body)).toContain('wish-list alerts: 2');

    // Within the day: nothing more, however often the job runs; a day later, only what is new and unread.
    t.clock.advance(23 * HOUR_S);
    await tell(on, 'activity', 'Spring sale');
    await sendDigests(t.deps);
    expect(await mailsTo(on)).toHaveLength(1);
    t.clock.advance(HOUR_S);
    await sendDigests(t.deps);
    const mails = await mailsTo(on);
    expect(mails.map((m) => m.subject)).toEqual(['你有 3 条未读通知', '你有 1 条未读通知']);
  });

  it('sends nothing when the last day brought nothing unread (read ones do not count)', async () => {
    const reader = await makeAccount(t);
    await digestOn(reader);
    await tell(reader, 'key', 'Outer Wilds');
    const token = (await startSession(t.deps, t.deps.db, reader.id, 'native')).accessToken;
    const read = await api.native.patch(NOTIFICATIONS_API.service, { all: true }, { token });
    expect(read.statusCode, read.body).toBe(200);
    await sendDigests(t.deps);
    expect(await mailsTo(reader)).toEqual([]);
  });

  it('five runs at once (instances racing) send one digest', async () => {
    const raced = await makeAccount(t);
    await digestOn(raced);
    await tell(raced, 'wish', 'Hades');
    await Promise.all(Array.from({ length: 5 }, () => sendDigests(t.deps)));
    expect(await mailsTo(raced)).toHaveLength(1);
  });
});
