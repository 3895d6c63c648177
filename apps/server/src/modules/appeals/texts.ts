import type { Area, Language } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';

/** The mails and messages of an appeal (docs/product/engagement.md#appeal-flow), in the site's language. */
export const languageOf = (area: Area): Language => (area === 'native' ? 'zh-CN' : 'en');

const siteUrl = (deps: Deps, area: Area) => deps.config.siteUrls[area];

type Message = { subject: string; body: string };

const TEXTS = {
  filed: (l: Language, link: string): Message => l === 'zh-CN'
    ? { subject: '灯笼游戏账号申诉已提交', body: `我们已收到您的账号申诉，审核结果将发送到此邮箱。查看申诉进度：${link}` }
    : { subject: 'Your Lantern account appeal was filed', body: `We received your account appeal; the decision will be sent to this address. Follow it here: ${link}` },
  accepted: (l: Language, hours: number): Message => l === 'zh-CN'
    ? { subject: '灯笼游戏账号申诉已通过', body: `您的账号申诉已通过审核。为保护账号安全，${hours} 小时后我们会将重置链接发送到此邮箱。` }
    : { subject: 'Your Lantern account appeal was accepted', body: `Your account appeal was accepted. To keep the account safe, the reset link will be sent to this address in ${hours} hours.` },
  rejected: (l: Language, reason: string): Message => l === 'zh-CN'
    ? { subject: '灯笼游戏账号申诉未通过', body: `您的账号申诉未通过审核。原因：${reason}` }
    : { subject: 'Your Lantern account appeal was rejected', body: `Your account appeal was rejected. Reason: ${reason}` },
  oldContact: (l: Language, hours: number, link: string): Message => l === 'zh-CN'
    ? { subject: '有人申诉了您的灯笼游戏账号', body: `有人通过申诉请求重置您的灯笼游戏账号，${hours} 小时后将可重置。如非本人操作，请点击链接拒绝：${link}` }
    : { subject: 'Someone appealed for your Lantern account', body: `Someone asked to recover your Lantern account through an appeal; it can be reset in ${hours} hours. If this was not you, deny it here: ${link}` },
  reset: (l: Language, minutes: number, link: string): Message => l === 'zh-CN'
    ? { subject: '灯笼游戏账号重置链接', body: `请在 ${minutes} 分钟内通过此链接重置密码、邮箱或手机号（仅可使用一次）：${link}` }
    : { subject: 'Your Lantern account reset link', body: `Reset the password, e-mail or phone of your account within ${minutes} minutes with this link (it works once): ${link}` },
  denied: (l: Language): Message => l === 'zh-CN'
    ? { subject: '灯笼游戏账号申诉已被拒绝', body: '账号的原联系人拒绝了此次申诉，申诉已关闭。' }
    : { subject: 'Your Lantern account appeal was denied', body: 'A contact of the account denied the appeal; it is closed.' },
};

export const trackingLink = (deps: Deps, area: Area, token: string) => `${siteUrl(deps, area)}/appeals?tracking=${encodeURIComponent(token)}`;
export const resetLink = (deps: Deps, area: Area, token: string) => `${siteUrl(deps, area)}/appeals/reset?token=${encodeURIComponent(token)}`;
export const denyLink = (deps: Deps, area: Area, token: string) => `${siteUrl(deps, area)}/appeals/deny?token=${encodeURIComponent(token)}`;

export function appealMessage<K extends keyof typeof TEXTS>(kind: K, ...args: Parameters<(typeof TEXTS)[K]>): Message {
  return (TEXTS[kind] as (...a: unknown[]) => Message)(...args);
}

export async function send(deps: Deps, tx: DbOrTx, channel: 'email' | 'sms', recipient: string, message: Message) {
  await deps.outbox.enqueue(tx, { channel, recipient, subject: message.subject, body: message.body });
}
