import type { Language } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';

/**
 * Tells the owner that something only the owner should change was changed, on every contact bound to the
 * account when it happened (for a contact change, that includes the old one): if it was not them, they
 * learn at once and can reset the password. Written in the causing transaction through the outbox.
 */
export type SecurityNotice = 'password_changed' | 'email_bound' | 'email_changed' | 'phone_bound' | 'phone_changed' | 'phone_removed';

const TEXTS: Record<SecurityNotice, Record<Language, { subject: string; lead: string }>> = {
  password_changed: {
    'zh-CN': { subject: '灯笼游戏密码已修改', lead: '您的灯笼游戏密码已修改。' },
    en: { subject: 'Your Lantern password was changed', lead: 'Your Lantern password was changed.' },
  },
  email_bound: {
    'zh-CN': { subject: '灯笼游戏账号已绑定邮箱', lead: '您的灯笼游戏账号已绑定新的邮箱。' },
    en: { subject: 'An e-mail address was added to your Lantern account', lead: 'An e-mail address was added to your Lantern account.' },
  },
  email_changed: {
    'zh-CN': { subject: '灯笼游戏绑定邮箱已变更', lead: '您的灯笼游戏账号绑定的邮箱已变更。' },
    en: { subject: 'Your Lantern e-mail address was changed', lead: 'The e-mail address of your Lantern account was changed.' },
  },
  phone_bound: {
    'zh-CN': { subject: '灯笼游戏账号已绑定手机', lead: '您的灯笼游戏账号已绑定新的手机号。' },
    en: { subject: 'A phone number was added to your Lantern account', lead: 'A phone number was added to your Lantern account.' },
  },
  phone_changed: {
    'zh-CN': { subject: '灯笼游戏绑定手机已变更', lead: '您的灯笼游戏账号绑定的手机号已变更。' },
    en: { subject: 'Your Lantern phone number was changed', lead: 'The phone number of your Lantern account was changed.' },
  },
  phone_removed: {
    'zh-CN': { subject: '灯笼游戏账号已解绑手机', lead: '您的灯笼游戏账号已解绑手机号。' },
    en: { subject: 'The phone number was removed from your Lantern account', lead: 'The phone number was removed from your Lantern account.' },
  },
};

const ADVICE: Record<Language, string> = {
  'zh-CN': '如非本人操作，请立即通过“忘记密码”重置密码。',
  en: 'If this was not you, reset your password now with "Forgot password".',
};

/** Queues the notice to each contact given (e-mail and/or phone) in the caller's transaction. */
export async function queueSecurityNotice(
  deps: Deps, tx: DbOrTx, language: Language, contacts: { email: string | null; phone: string | null }, notice: SecurityNotice,
) {
  const { subject, lead } = TEXTS[notice][language];
  const body = `${lead}${language === 'en' ? ' ' : ''}${ADVICE[language]}`;
  if (contacts.email) await deps.outbox.enqueue(tx, { channel: 'email', recipient: contacts.email, subject, body });
  if (contacts.phone) await deps.outbox.enqueue(tx, { channel: 'sms', recipient: contacts.phone, subject, body });
}
