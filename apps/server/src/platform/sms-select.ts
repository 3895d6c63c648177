import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { SandboxSms, type SmsSender } from './outbox-senders.ts';
import { AlibabaSms } from './sms-alibaba.ts';
import { TwilioSms } from './sms-twilio.ts';
import { RoutedSms } from './sms-routing.ts';

/** The SMS sender from configuration: each side real by its settings, else the sandbox (compose.ts warns of it in production). */
export function composeSms(config: Config, log: Logger): SmsSender {
  const sandbox = new SandboxSms(log);
  return new RoutedSms({
    mainland: config.sms.alibaba ? new AlibabaSms(config.sms.alibaba) : sandbox,
    international: config.sms.twilio ? new TwilioSms(config.sms.twilio) : sandbox,
  });
}
