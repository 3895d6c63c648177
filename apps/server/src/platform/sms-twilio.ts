import twilio from 'twilio';
import type { SmsSender } from './outbox-senders.ts';

export interface TwilioSmsSettings {
  accountSid: string;
  authToken: string;
  /** The sending number (E.164) or a Messaging Service (MG…). */
  from: string;
  /** Only for tests: the origin the SDK calls instead of api.twilio.com (a local stub). */
  apiBase?: string;
}

/** Longest one send may take: a stuck API must not hold an outbox claim (platform/outbox.ts). */
const TIMEOUT_MS = 15_000;

/**
 * The SDK's HTTP client, with every request sent to another origin: the SDK has no base URL setting, and a
 * client of its own is the extension point it offers. Used only for tests' local stubs.
 */
class RedirectingClient extends twilio.RequestClient {
  constructor(private readonly origin: string) {
    super({ timeout: TIMEOUT_MS });
  }

  override request<TData>(opts: Parameters<InstanceType<typeof twilio.RequestClient>['request']>[0] & { data?: TData }) {
    const uri = new URL(opts.uri);
    return super.request<TData>({ ...opts, uri: `${this.origin}${uri.pathname}${uri.search}` });
  }
}

/**
 * International SMS through Twilio's official SDK (Programmable Messaging). A refusal throws (the SDK's
 * RestException), so the outbox retries the message; the text (which holds a code) is never logged.
 */
export class TwilioSms implements SmsSender {
  private readonly client: ReturnType<typeof twilio>;

  constructor(private readonly settings: TwilioSmsSettings) {
    this.client = twilio(settings.accountSid, settings.authToken, {
      httpClient: settings.apiBase ? new RedirectingClient(settings.apiBase.replace(/\/+$/, '')) : new twilio.RequestClient({ timeout: TIMEOUT_MS }),
    });
  }

  async send({ to, text }: { messageId: number; to: string; text: string }): Promise<void> {
    const sender = this.settings.from.startsWith('MG') ? { messagingServiceSid: this.settings.from } : { from: this.settings.from };
    await this.client.messages.create({ to, body: text, ...sender });
  }
}
