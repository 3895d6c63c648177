import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { clients } from '../support/client.ts';
import { email, phone, sendCode } from '../support/factories.ts';
import { RecordingSender, capturedLog, eventually, startObservedJobs } from '../support/jobs-support.ts';
import { OUTBOX_RETRY_DELAYS_MS } from '../../src/platform/outbox.ts';
import { outboxDeliveryJob } from '../../src/platform/outbox-delivery-job.ts';
import { outboxMessages } from '../../src/platform/db/platform-tables.ts';

// Two server instances on one database sharing one SMS gateway and mail server (a recording stand-in).
const gateway = new RecordingSender();
const { log, lines } = capturedLog();
let a: TestApp;
let b: TestApp;
let apiA: ReturnType<typeof clients>;
let apiB: ReturnType<typeof clients>;
beforeAll(async () => {
  a = await createTestApp({ sms: gateway, mail: gateway, log });
  b = await createTestApp({ sameDatabaseAs: a, sms: gateway, mail: gateway, log });
  apiA = clients(a);
  apiB = clients(b);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const deliverOnBoth = () => Promise.all([a.deps.outbox.deliverPending(), b.deps.outbox.deliverPending()]);
const drainBoth = () => Promise.all([a.deps.outbox.drain(), b.deps.outbox.drain()]);
const nowSeconds = () => Math.floor(a.clock.now().getTime() / 1000);

async function devOutbox(to: string) {
  const res = await apiA.native.get('/__dev/outbox', { query: { to } });
  expect(res.statusCode).toBe(200);
  return res.json().messages as Record<string, unknown>[];
}

describe('outbox delivery across two instances', () => {
  it('texts each code asked for on either instance exactly once, the code the dev outbox shows', async () => {
    const phones = Array.from({ length: 20 }, () => phone());
    const sent = await Promise.all(phones.map((number, i) => sendCode((i % 2 ? apiA : apiB).native, 'Sms', number, 'sign_up')));
    expect(sent.map((res) => res.statusCode)).toEqual(phones.map(() => 201));
    await drainBoth();
    await deliverOnBoth();

    for (const number of phones) {
      const texts = gateway.accepted.filter((m) => m.to === number);
      expect(texts).toHaveLength(1);
      const [listed] = await devOutbox(number);
      expect(listed).toMatchObject({ state: 'delivered', attempts: 1, last_error: null, delivered_at_timestamp: nowSeconds() });
      expect(texts[0]!.text).toContain(listed!.code as string);
    }
  });

  it('sends each queued message once when four deliveries race over the same queue', async () => {
    const ids = await Promise.all(
      Array.from({ length: 40 }, () => a.deps.outbox.enqueue(a.deps.db, { channel: 'email', recipient: email('race'), subject: 'Receipt', body: 'Thank you' })),
    );
    const reports = await Promise.all([a, b, a, b].map((instance) => instance.deps.outbox.deliverPending()));

    const sends = gateway.accepted.filter((m) => ids.includes(m.messageId)).map((m) => m.messageId);
    expect(sends.sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    expect(reports.reduce((sum, r) => sum + r.delivered, 0)).toBe(40);
    const rows = await a.deps.db.select().from(outboxMessages).where(inArray(outboxMessages.id, ids));
    expect(rows.every((row) => row.deliveredAt !== null && row.attempts === 1)).toBe(true);
  });

  it('retries a refused message on the backoff schedule, then gives it up visibly after the last attempt', async () => {
    const number = phone();
    gateway.refuse(number);
    expect((await sendCode(apiB.native, 'Sms', number, 'sign_up')).statusCode).toBe(201);
    await drainBoth();
    expect(gateway.triesFor(number)).toBe(1);
    expect((await devOutbox(number))[0]).toMatchObject({
      state: 'pending', attempts: 1, last_error: 'gateway unavailable', next_attempt_at_timestamp: nowSeconds() + 30,
    });

    // 30 s, 2 min, 10 min, 30 min, 2 h after each failure: not a second earlier, and once when due.
    for (const [i, delayMs] of OUTBOX_RETRY_DELAYS_MS.entries()) {
      a.clock.advance(delayMs / 1000 - 1);
      await deliverOnBoth();
      expect(gateway.triesFor(number)).toBe(i + 1);
      a.clock.advance(1);
      await deliverOnBoth();
      expect(gateway.triesFor(number)).toBe(i + 2);
    }

    const [given] = await devOutbox(number);
    expect(given).toMatchObject({
      state: 'failed', attempts: 6, last_error: 'gateway unavailable', failed_at_timestamp: nowSeconds(), next_attempt_at_timestamp: null,
      code: expect.stringMatching(/^\d{6}$/),
    });
    const [row] = await a.deps.db.select({ id: outboxMessages.id }).from(outboxMessages).where(eq(outboxMessages.recipient, number));
    expect(lines.find((line) => line.messageId === row!.id && line.level === 50)).toMatchObject({
      msg: 'outbox message given up after 6 attempts', channel: 'sms', err: { message: 'gateway unavailable' },
    });

    a.clock.advance(24 * 3600);
    await deliverOnBoth();
    expect(gateway.triesFor(number)).toBe(6);
  });

  it('delivers a message that failed once through the periodic job, with no new mail queued', async () => {
    const number = phone();
    gateway.refuse(number, 1);
    expect((await sendCode(apiA.native, 'Sms', number, 'sign_up')).statusCode).toBe(201);
    await drainBoth();
    expect((await devOutbox(number))[0]).toMatchObject({ state: 'pending', attempts: 1 });

    const runners = [startObservedJobs(a.deps, [outboxDeliveryJob]), startObservedJobs(b.deps, [outboxDeliveryJob])];
    try {
      await Promise.all(runners.map((r) => r.afterTicks(2)));
      expect(gateway.triesFor(number)).toBe(1);
      a.clock.advance(30);
      await eventually(() => expect(gateway.accepted.filter((m) => m.to === number)).toHaveLength(1));
      // The gateway accepts before the sender records it: the row turns delivered a moment later.
      await eventually(async () => expect((await devOutbox(number))[0]).toMatchObject({ state: 'delivered', attempts: 2, last_error: null }));
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
  });

  it('sends a message whose sender died mid-send once its claim has run out, counting the attempt', async () => {
    const recipient = email('orphan');
    const id = await a.deps.outbox.enqueue(a.deps.db, { channel: 'email', recipient, subject: 'Receipt', body: 'Thank you' });
    // What a sender that died after claiming the message leaves behind.
    await a.deps.db.update(outboxMessages)
      .set({ attempts: 1, claimedUntil: new Date(a.clock.now().getTime() + 5 * 60_000) })
      .where(eq(outboxMessages.id, id));

    a.clock.advance(5 * 60 - 1);
    await deliverOnBoth();
    expect(gateway.triesFor(recipient)).toBe(0);

    a.clock.advance(2);
    await deliverOnBoth();
    expect(gateway.accepted.filter((m) => m.messageId === id)).toHaveLength(1);
    expect((await devOutbox(recipient))[0]).toMatchObject({ state: 'delivered', attempts: 2 });
  });
});
