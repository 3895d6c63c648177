import { and, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Clock } from './clock.ts';
import type { Secrets } from './crypto.ts';
import type { DbOrTx, Db } from './db/client.ts';
import { outboxMessages } from './db/platform-tables.ts';
import type { MailSender, SmsSender } from './outbox-senders.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
}

/** A message as the dev surface lists it: the body opened, and where its delivery stands. */
export interface OutboxEntry {
  id: number;
  channel: OutgoingMessage['channel'];
  recipient: string;
  subject: string;
  /** The text, or '' once production has blanked it. */
  body: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  nextAttemptAt: Date;
  deliveredAt: Date | null;
  failedAt: Date | null;
}

/**
 * Waits after the 1st, 2nd, … failed attempt. One attempt more than there are waits is made; when that
 * last one fails too the message is given up (about 2 h 40 min after the first try).
 */
export const OUTBOX_RETRY_DELAYS_MS: readonly number[] = [30_000, 120_000, 600_000, 1_800_000, 7_200_000];

/**
 * How long a claim holds without renewal. A send may take longer (the SMTP sender's timeouts stop at about
 * 2 minutes): while it lasts, the sender renews its claims every third of this (`renewClaims`), so another
 * instance takes a message over only when its sender died — within this much (docs/decisions/0050).
 */
export const OUTBOX_CLAIM_MS = 20_000;
/** Messages claimed at a time; they are sent side by side, well within the claim. */
const BATCH = 10;

export interface OutboxOptions {
  clock: Clock;
  secrets: Secrets;
  sms: SmsSender;
  mail: MailSender;
  log: Logger;
  /** Keep a delivered (or given-up) message's body, for the dev surface; production blanks it. */
  keepBodies: boolean;
  retryDelaysMs?: readonly number[];
  /** How long a claim holds without renewal (`OUTBOX_CLAIM_MS`); tests shorten it. */
  claimMs?: number;
}

export interface DeliveryReport {
  delivered: number;
  retrying: number;
  failed: number;
}

/**
 * Outgoing e-mail and SMS go through the outbox table: written with the change that causes them, then
 * delivered — right after the commit (`deliverSoon`) and by the periodic `outboxDeliveryJob` (outbox-delivery-job.ts), which also
 * retries failures with backoff. Every sender claims the messages it sends first, so several instances
 * (or two deliveries in one) never send the same message twice; see docs/decisions/0007.
 */
export class Outbox {
  /** Deliveries under way, so shutting down can wait for them instead of cutting them off. */
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly retryDelaysMs: readonly number[];
  private readonly claimMs: number;
  /** Messages this instance claimed and is sending (id → attempt number), kept claimed by the heartbeat. */
  private readonly sending = new Map<number, number>();
  private heartbeat: NodeJS.Timeout | undefined;
  private renewing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly options: OutboxOptions,
  ) {
    this.retryDelaysMs = options.retryDelaysMs ?? OUTBOX_RETRY_DELAYS_MS;
    this.claimMs = options.claimMs ?? OUTBOX_CLAIM_MS;
  }

  /** Attempts made before a message is given up. */
  get maxAttempts(): number {
    return this.retryDelaysMs.length + 1;
  }

  /** Queues a message in the caller's transaction; its body is sealed before it is stored. */
  async enqueue(tx: DbOrTx, message: OutgoingMessage): Promise<number> {
    const [row] = await tx
      .insert(outboxMessages)
      .values({ ...message, body: this.options.secrets.encrypt(message.body), nextAttemptAt: this.options.clock.now() })
      .returning({ id: outboxMessages.id });
    return row!.id;
  }

  /** Starts delivering in the background after a commit, for low latency; what fails is retried by the job. */
  deliverSoon(): void {
    const run = this.deliverPending().catch((err) => this.options.log.warn({ err }, 'outbox delivery after commit failed; the delivery job tries again'));
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }

  /** Waits for background deliveries (on shutdown). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  /** Claims and sends due messages, a batch at a time, until none is left or `limit` were tried. */
  async deliverPending(limit = 100): Promise<DeliveryReport> {
    const report: DeliveryReport = { delivered: 0, retrying: 0, failed: 0 };
    for (let tried = 0; tried < limit; ) {
      const claimed = await this.claim(Math.min(BATCH, limit - tried));
      if (claimed.length === 0) break;
      tried += claimed.length;
      const outcomes = await Promise.all(claimed.map((message) => this.sendClaimed(message)));
      for (const outcome of outcomes) report[outcome]++;
    }
    return report;
  }

  /**
   * Takes due messages in one statement: the rows are locked with SKIP LOCKED, so a concurrent claim passes
   * over them, and marked claimed with their attempt counted before the lock is released.
   */
  private async claim(limit: number) {
    const now = this.options.clock.now();
    const due = this.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(and(
        isNull(outboxMessages.deliveredAt),
        isNull(outboxMessages.failedAt),
        lte(outboxMessages.nextAttemptAt, now),
        or(isNull(outboxMessages.claimedUntil), lt(outboxMessages.claimedUntil, now)),
      ))
      .orderBy(outboxMessages.nextAttemptAt, outboxMessages.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(outboxMessages)
      .set({ attempts: sql`${outboxMessages.attempts} + 1`, claimedUntil: new Date(now.getTime() + this.claimMs) })
      .where(inArray(outboxMessages.id, due))
      .returning();
  }

  /** Sends one claimed message, its claim renewed by the heartbeat until the outcome is recorded. */
  private async sendClaimed(message: typeof outboxMessages.$inferSelect): Promise<keyof DeliveryReport> {
    this.sending.set(message.id, message.attempts);
    this.startHeartbeat();
    try {
      return await this.deliver(message);
    } finally {
      this.sending.delete(message.id);
      if (this.sending.size === 0) this.stopHeartbeat();
    }
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      this.renewing = this.renewClaims().catch((err) => this.options.log.warn({ err }, 'outbox claims could not be renewed; another instance may send them too'));
    }, this.claimMs / 3);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }

  /**
   * The heartbeat: pushes back the claims of the messages still being sent, so a live sender keeps them
   * however long a send takes, and a dead one's run out `claimMs` after its last beat. Only a claim still
   * ours (the attempt we counted, not delivered) is renewed.
   */
  async renewClaims(): Promise<void> {
    await this.renewing.catch(() => {});
    const ours = [...this.sending];
    if (ours.length === 0) return;
    const until = new Date(this.options.clock.now().getTime() + this.claimMs);
    await this.db.update(outboxMessages).set({ claimedUntil: until }).where(and(
      isNull(outboxMessages.deliveredAt),
      or(...ours.map(([id, attempts]) => and(eq(outboxMessages.id, id), eq(outboxMessages.attempts, attempts)))),
    ));
  }

  private async deliver(message: typeof outboxMessages.$inferSelect): Promise<keyof DeliveryReport> {
    try {
      const text = this.options.secrets.decrypt(message.body);
      if (message.channel === 'sms') await this.options.sms.send({ messageId: message.id, to: message.recipient, text });
      else await this.options.mail.send({ messageId: message.id, to: message.recipient, subject: message.subject, text });
    } catch (err) {
      return this.recordFailure(message, err);
    }
    // Recorded even if the claim ran out meanwhile: the message did go, and a later sender must not repeat it.
    await this.db
      .update(outboxMessages)
      .set({ deliveredAt: this.options.clock.now(), claimedUntil: null, lastError: null, ...this.blankedBody() })
      .where(and(eq(outboxMessages.id, message.id), isNull(outboxMessages.deliveredAt)));
    return 'delivered';
  }

  private async recordFailure(message: typeof outboxMessages.$inferSelect, err: unknown): Promise<'retrying' | 'failed'> {
    const now = this.options.clock.now();
    const lastError = errorText(err);
    // Matching the attempt number leaves alone a message another sender took over after our claim ran out.
    const ours = and(eq(outboxMessages.id, message.id), eq(outboxMessages.attempts, message.attempts), isNull(outboxMessages.deliveredAt));
    const log = { err, messageId: message.id, channel: message.channel, attempts: message.attempts };
    if (message.attempts >= this.maxAttempts) {
      await this.db.update(outboxMessages).set({ failedAt: now, claimedUntil: null, lastError, ...this.blankedBody() }).where(ours);
      this.options.log.error(log, `outbox message given up after ${message.attempts} attempts`);
      return 'failed';
    }
    const delay = this.retryDelaysMs[message.attempts - 1]!;
    const nextAttemptAt = new Date(now.getTime() + delay);
    await this.db.update(outboxMessages).set({ nextAttemptAt, claimedUntil: null, lastError }).where(ours);
    this.options.log.warn({ ...log, nextAttemptAt }, 'outbox delivery failed; will retry');
    return 'retrying';
  }

  /** Production keeps no body once the message left (or never will): it may hold a verification code. */
  private blankedBody() {
    return this.options.keepBodies ? {} : { body: '' };
  }

  /** Newest first, bodies opened, for the development surface. */
  async list(recipient: string | undefined, limit = 50): Promise<OutboxEntry[]> {
    const query = this.db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(limit);
    const rows = await (recipient ? query.where(eq(outboxMessages.recipient, recipient)) : query);
    return rows.map((row) => ({
      id: row.id,
      channel: row.channel,
      recipient: row.recipient,
      subject: row.subject,
      body: row.body === '' ? '' : this.options.secrets.decrypt(row.body),
      state: row.deliveredAt ? 'delivered' : row.failedAt ? 'failed' : 'pending',
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: row.createdAt,
      nextAttemptAt: row.nextAttemptAt,
      deliveredAt: row.deliveredAt,
      failedAt: row.failedAt,
    }));
  }
}

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.slice(0, 500);
}
