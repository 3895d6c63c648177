import { isPhoneValid } from '@lantern/domain';
import type { SmsSender } from './outbox-senders.ts';

/**
 * Picks the SMS provider by the number (docs/decisions/0051-metrics-and-operations.md "Real SMS"): a mainland
 * mobile number (as the mainland site keeps it, or with +86 from the international site) goes through the
 * mainland provider, every other number through the international one. The outbox holds numbers only, not
 * the site a message came from, and the number is what decides which network can deliver it.
 */
export class RoutedSms implements SmsSender {
  constructor(private readonly providers: { mainland: SmsSender; international: SmsSender }) {}

  send(sms: { messageId: number; to: string; text: string }): Promise<void> {
    const provider = isPhoneValid(sms.to, 'native') ? this.providers.mainland : this.providers.international;
    return provider.send(sms);
  }
}
