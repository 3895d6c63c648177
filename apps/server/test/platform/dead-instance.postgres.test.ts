import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { clients } from '../support/client.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { buyGame } from '../support/payments-factories.ts';
import { HeldJob, RecordingSender, eventually, startObservedJobs } from '../support/jobs-support.ts';
import { payLockKey } from '../../src/modules/payments/order-access.ts';
import { RESERVATION_LOST_SECONDS, releaseLostReservations, reserveUnits } from '../../src/modules/promotions/reservations.ts';
import { GATE_ADMISSION_LOST_MS } from '../../src/modules/promotions/gate.ts';
import { seckillItems } from '../../src/modules/promotions/tables.ts';
import { JOB_LEASE_MS } from '../../src/platform/jobs.ts';
import { OUTBOX_CLAIM_MS } from '../../src/platform/outbox.ts';
import { outboxMessages, scheduledJobs } from '../../src/platform/db/platform-tables.ts';
import { keysForSale } from '../support/keys-factories.ts';
import { makeSku } from '../support/catalog-factories.ts';

/**
 * What a dead instance held comes back in seconds (issue 27, docs/decisions/0050): its pay lock at once (the
 * lock dies with its process), its flash-sale reservations within 10 s, its outbox claims and job leases
 * within 30 s — taken over by the instance still alive. Two instances on one PostgreSQL database; "killed" is
 * a real process killed with SIGKILL for the pay lock (a lock that lives on a connection needs a process to
 * die), and for the leases the rows a dead instance leaves behind, with the shared clock moved.
 */
const gateway = new RecordingSender();
let a: TestApp;
let b: TestApp;
let apiB: ReturnType<typeof clients>;
const children: ChildProcess[] = [];
const stops: (() => Promise<void>)[] = [];
beforeAll(async () => {
  a = await createTestApp({ sms: gateway, mail: gateway });
  b = await createTestApp({ sameDatabaseAs: a, sms: gateway, mail: gateway });
  apiB = clients(b);
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await Promise.all(stops.splice(0).map((stop) => stop()));
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** The test database's URL: advisory locks belong to one database. */
async function databaseUrl(): Promise<string> {
  const { rows } = (await a.deps.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  return url.toString();
}

/** Another process holding a session lock, as an instance in the middle of a payment; answers once it holds it. */
async function holderProcess(key: string): Promise<ChildProcess> {
  const script = fileURLToPath(new URL('../support/session-lock-holder.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, await databaseUrl(), key], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  const said = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`lock holder exited (${code})`)));
  });
  expect(said).toBe('held');
  return child;
}

describe('a killed instance\'s pay lock', () => {
  it('answers busy while the instance lives and is gone within 5 s of its death: the payment goes through', async () => {
    const { buyer, order } = await buyGame(b, apiB);
    const pay = () => apiB.native.patch(`/api/orders/${order.id}/pay`, { payment_method: 'alipay', version: order.version }, { token: buyer.token });
    const holder = await holderProcess(payLockKey(order.id));
    const busy = await pay();
    expect([busy.statusCode, busy.json()]).toEqual([409, { errors: { order: ['busy'] } }]);

    const killedAt = Date.now();
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    const paid = await eventually(async () => {
      const res = await pay();
      expect(res.statusCode, res.body).toBe(200);
      return Date.now() - killedAt;
    }, 5_000);
    console.log(`pay lock of a killed instance gone after ${paid} ms`);
    expect(paid).toBeLessThan(5_000);
  });

  it('refuses a second pay call on the other instance while the first holds the lock, with the same reason', async () => {
    const { buyer, order } = await buyGame(b, apiB);
    const release = await a.deps.locks.tryLock(payLockKey(order.id));
    expect(release).not.toBeNull();
    const res = await apiB.native.patch(`/api/orders/${order.id}/pay`, { payment_method: 'alipay', version: order.version }, { token: buyer.token });
    expect([res.statusCode, res.json()]).toEqual([409, { errors: { order: ['busy'] } }]);
    await release!();
    expect(await b.deps.locks.tryLock(payLockKey(order.id))).not.toBeNull();
  });
});

describe('a killed instance\'s flash-sale reservations', () => {
  it('are back on sale within 10 s and the other instance sells them; nothing is sold twice', async () => {
    const sku = await makeSku(a);
    await keysForSale(a, sku.id, 2);
    const admin = await makeAccount(a, { role: 'admin' });
    const now = Math.floor(a.clock.now().getTime() / 1000);
    const created = await apiB.native.post('/api/admin/sec_kills', {
      sec_kill: { area: 'native', title: { chs: '限时', en: 'Flash' }, from_timestamp: now - 60, to_timestamp: now + 3600, items: [{ sku_id: sku.id, price: 100, stock: 2, buy_limit: 1 }] },
    }, { token: admin.token });
    expect(created.statusCode).toBe(201);
    const event = created.json();
    const itemId = event.items[0].id as number;
    const [dead1, dead2, buyer] = await Promise.all([makeAccount(a), makeAccount(a), makeAccount(a)]);
    // The reservation's statement ran on the killed instance; its order's transaction never did.
    const { reserved } = await reserveUnits(a.deps.db, { id: itemId, buyLimit: 1 }, [dead1.id, dead2.id], a.clock.now());
    expect(reserved.size).toBe(2);
    expect((await apiB.native.post('/api/sec_kill', { sec_kill: { id: event.id } }, { token: buyer.token })).json().errors).toEqual({ sec_kill: ['no_inventory'] });

    // Within 10 s of the death (the lease, then the other instance's job), both units are back.
    a.clock.advance(RESERVATION_LOST_SECONDS + 1);
    expect(RESERVATION_LOST_SECONDS + 1 + 2).toBeLessThanOrEqual(10);
    expect(GATE_ADMISSION_LOST_MS).toBeLessThanOrEqual(10_000);
    expect(await releaseLostReservations(b.deps)).toBe(2);
    const left = async () => (await a.deps.db.select({ left: seckillItems.left }).from(seckillItems).where(eq(seckillItems.id, itemId)))[0]!.left;
    expect(await left()).toBe(2);
    a.clock.advance(Math.ceil(GATE_ADMISSION_LOST_MS / 1000) - RESERVATION_LOST_SECONDS);
    const res = await apiB.native.post('/api/sec_kill', { sec_kill: { id: event.id } }, { token: buyer.token });
    expect(res.statusCode, res.body).toBe(201);
    expect(await left()).toBe(1);
    expect(await releaseLostReservations(b.deps)).toBe(0);
  });
});

describe('a killed instance\'s outbox claims', () => {
  it('are taken over within 30 s and the message sent once', async () => {
    const recipient = `dead-${Date.now()}@example.test`;
    const id = await a.deps.outbox.enqueue(a.deps.db, { channel: 'email', recipient, subject: 'Receipt', body: 'Thank you' });
    // What a sender that died right after claiming leaves behind: a claim nobody renews.
    await a.deps.db.update(outboxMessages).set({ attempts: 1, claimedUntil: new Date(a.clock.now().getTime() + OUTBOX_CLAIM_MS) }).where(eq(outboxMessages.id, id));
    expect(OUTBOX_CLAIM_MS).toBeLessThanOrEqual(30_000);
    a.clock.advance(OUTBOX_CLAIM_MS / 1000 - 1);
    await b.deps.outbox.deliverPending();
    expect(gateway.triesFor(recipient)).toBe(0);
    a.clock.advance(2);
    await b.deps.outbox.deliverPending();
    expect(gateway.accepted.filter((m) => m.messageId === id)).toHaveLength(1);
  });

  it('of a live sender are renewed by its heartbeat while the send lasts, so nobody else takes them', async () => {
    const { Outbox } = await import('../../src/platform/outbox.ts');
    let finish!: () => void;
    const slow = { send: () => new Promise<void>((resolve) => (finish = resolve)) };
    const claimMs = 300;
    const outbox = new Outbox(a.deps.db, { clock: a.clock, secrets: a.deps.secrets, sms: slow, mail: slow, log: a.deps.log, keepBodies: true, claimMs });
    const recipient = `slow-${Date.now()}@example.test`;
    const id = await outbox.enqueue(a.deps.db, { channel: 'email', recipient, subject: 'Slow', body: 'Slow send' });
    const sending = outbox.deliverPending();
    const claimOf = async () => (await a.deps.db.select({ until: outboxMessages.claimedUntil }).from(outboxMessages).where(eq(outboxMessages.id, id)))[0]!.until!.getTime();
    const first = await eventually(claimOf);
    a.clock.advance(1);
    // The heartbeat pushes the claim past the moved clock: the live sender keeps it.
    await eventually(async () => expect(await claimOf()).toBeGreaterThan(a.clock.now().getTime()));
    expect(await claimOf()).toBeGreaterThan(first);
    await b.deps.outbox.deliverPending();
    expect(gateway.triesFor(recipient)).toBe(0);
    finish();
    expect(await sending).toEqual({ delivered: 1, retrying: 0, failed: 0 });
  });
});

describe('a killed instance\'s job lease', () => {
  it('is taken over within 30 s, even for a job not due again for a day', async () => {
    const job = new HeldJob(`daily sweep ${Date.now()}`, 86_400_000);
    const diedAt = a.clock.now();
    // What an instance leaves behind when it dies mid-run: its lease, renewed no more.
    await a.deps.db.insert(scheduledJobs).values({
      name: job.name, nextRunAt: new Date(diedAt.getTime() + 86_400_000), leaseOwner: 'killed-host:1:dead',
      leaseUntil: new Date(diedAt.getTime() + JOB_LEASE_MS), lastStartedAt: diedAt, runs: 1,
    });
    const survivor = startObservedJobs(b.deps, [job]);
    stops.push(async () => {
      job.stopHolding();
      job.finishRuns();
      await survivor.stop();
    });
    a.clock.advance(JOB_LEASE_MS / 1000 - 1);
    await survivor.afterTicks(3);
    expect(job.started).toBe(0);
    a.clock.advance(2);
    await eventually(() => expect(job.started).toBe(1));
    expect(JOB_LEASE_MS + 1000).toBeLessThanOrEqual(30_000);
    const [row] = await a.deps.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, job.name));
    expect(row!.leaseOwner).not.toBe('killed-host:1:dead');
    expect(row!.runs).toBe(2);
  });
});
