import { SITES, type Area, type WishAlertReason } from '@lantern/domain';
import type { OutgoingMessage } from '../../platform/outbox.ts';

/** A price in minor units as the site writes it: ¥12.34, $12.34. */
const money = (area: Area, minor: number) => `${SITES[area].currency === 'CNY' ? '¥' : '$'}${(minor / 100).toFixed(2)}`;

/** The wish alert's e-mail in the language of the wished SKU's site (docs/product/messaging.md#wish-alert). */
export function wishAlertMail(input: { to: string; area: Area; name: string; price: number; reason: WishAlertReason; link: string }): OutgoingMessage {
  const price = money(input.area, input.price);
  if (input.area === 'native') {
    const subject = input.reason === 'released' ? `愿望单游戏已发售：${input.name}` : `愿望单游戏降价：${input.name}`;
    const line = input.reason === 'released' ? `你愿望单里的「${input.name}」已发售，现价 ${price}。` : `你愿望单里的「${input.name}」降价了，现价 ${price}。`;
    return { channel: 'email', recipient: input.to, subject, body: `${line}\n\n${input.link}\n\n你可以在账户的通知设置里关闭邮件提醒。` };
  }
  const subject = input.reason === 'released' ? `Out now from your wish list: ${input.name}` : `On sale from your wish list: ${input.name}`;
  const line = input.reason === 'released' ? `${input.name}, on your wish list, is out now at ${price}.` : `${input.name}, on your wish list, is now ${price}.`;
  return { channel: 'email', recipient: input.to, subject, body: `${line}\n\n${input.link}\n\nYou can turn these e-mails off in your notification settings.` };
}
