import nodemailer, { type Transporter } from 'nodemailer';
import { desc, eq, isNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { DbOrTx, Db } from './db/client.ts';
import { outboxMessages } from './db/platform-tables.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  body: string;
}

/**
 * Outgoing e-mail and SMS go through the outbox table: written with the change that causes them, then
 * delivered. E-mail is delivered by SMTP when SMTP_URL is set; SMS goes to the sandbox provider, which
 * logs it (a real SMS gateway plugs in behind `SmsSender`).
 */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

export class SandboxSms implements SmsSender {
  constructor(private readonly log: Logger) {}
  async send(to: string, text: string) {
    this.log.info({ to, text }, 'sandbox SMS');
  }
}

export class Outbox {
  private readonly mailer: Transporter | null;
  /** Deliveries under way, so shutting down can wait for them instead of cutting them off. */
  private readonly inFlight = new Set<Promise<void>>();
  constructor(
    private readonly db: Db,
    private readonly options: { smtpUrl?: string; mailFrom: string; sms: SmsSender; log: Logger },
  ) {
    this.mailer = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  }

  async enqueue(tx: DbOrTx, message: OutgoingMessage): Promise<number> {
    const [row] = await tx.insert(outboxMessages).values(message).returning({ id: outboxMessages.id });
    return row!.id;
  }

  /** Starts delivering in the background after a commit; errors are logged and the messages stay queued. */
  deliverSoon(): void {
    const run = this.deliverPending().catch((err) => this.options.log.warn({ err }, 'outbox delivery'));
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }

  /** Waits for background deliveries (on shutdown). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  /** Delivers what is waiting. Called after the enqueuing transaction commits; failures stay queued. */
  async deliverPending(limit = 50): Promise<void> {
    const pending = await this.db.select().from(outboxMessages).where(isNull(outboxMessages.deliveredAt)).limit(limit);
    for (const message of pending) {
      try {
        if (message.channel === 'email' && this.mailer) {
          await this.mailer.sendMail({ from: this.options.mailFrom, to: message.recipient, subject: message.subject, text: message.body });
        } else if (message.channel === 'sms') {
          await this.options.sms.send(message.recipient, message.body);
        }
        await this.db.update(outboxMessages).set({ deliveredAt: new Date() }).where(eq(outboxMessages.id, message.id));
      } catch (err) {
        this.options.log.warn({ err, id: message.id }, 'outbox delivery failed; will retry');
      }
    }
  }

  /** Newest first, for the development surface. */
  async list(recipient: string | undefined, limit = 50) {
    const query = this.db.select().from(outboxMessages).orderBy(desc(outboxMessages.id)).limit(limit);
    return recipient ? query.where(eq(outboxMessages.recipient, recipient)) : query;
  }
}
