import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';

/**
 * Where the outbox hands a message over. SMS goes through Alibaba Cloud or Twilio by the number (sms-routing.ts)
 * where configured, else the sandbox; e-mail goes by SMTP when SMTP_URL is set. A sender throws when the message was not accepted, so the outbox retries it.
 * Message texts carry verification codes: senders never log them.
 */
export interface SmsSender {
  send(sms: { messageId: number; to: string; text: string }): Promise<void>;
}

export interface MailSender {
  send(mail: { messageId: number; to: string; subject: string; text: string }): Promise<void>;
}

/** Accepts every SMS and logs who it was for (never the text, which holds a code). */
export class SandboxSms implements SmsSender {
  constructor(private readonly log: Logger) {}
  async send({ messageId, to }: { messageId: number; to: string }) {
    this.log.info({ to, messageId }, 'sandbox SMS sent');
  }
}

/** Without SMTP_URL, e-mail is accepted and only logged (never its text); the dev outbox still shows it. */
export class SandboxMail implements MailSender {
  constructor(private readonly log: Logger) {}
  async send({ messageId, to }: { messageId: number; to: string }) {
    this.log.info({ to, messageId }, 'sandbox e-mail accepted (no SMTP_URL)');
  }
}

export class SmtpMail implements MailSender {
  private readonly transport: Transporter;
  constructor(smtpUrl: string, private readonly from: string) {
    // Bounded waits, so one stuck SMTP server cannot hold a claimed message past its claim (platform/outbox.ts).
    this.transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
  }
  async send({ to, subject, text }: { to: string; subject: string; text: string }) {
    await this.transport.sendMail({ from: this.from, to, subject, text });
  }
}
