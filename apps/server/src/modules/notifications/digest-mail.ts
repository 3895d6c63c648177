import type { Area, NotificationKind } from '@lantern/domain';
import type { OutgoingMessage } from '../../platform/outbox.ts';

/** Each kind as the digest names it, in the two languages of the sites. */
const KIND_WORDS: Record<Area, Record<NotificationKind, string>> = {
  native: {
    comment: '评论', reply: '回复', at: '@我', follow: '新关注', like: '点赞', operate: '管理操作', headline_auth: '头条审核',
    key: '激活码到账', wish: '愿望单提醒', register_reward: '注册奖励', activity: '活动消息',
  },
  abroad: {
    comment: 'comments', reply: 'replies', at: 'mentions', follow: 'new followers', like: 'likes', operate: 'staff actions', headline_auth: 'headline reviews',
    key: 'keys arrived', wish: 'wish-list alerts', register_reward: 'welcome rewards', activity: 'promotion news',
  },
};

export interface DigestLine {
  kind: NotificationKind;
  excerpt: string;
}

/** How many lines the digest quotes; the rest are counted only. */
export const DIGEST_QUOTED = 10;

/**
 * The daily digest (docs/product/messaging.md#email-digest) in the account's site language: how many unread
 * notifications of the last day, by kind, then the newest few with their excerpts.
 */
export function digestMail(input: { to: string; area: Area; lines: readonly DigestLine[] }): OutgoingMessage {
  const words = KIND_WORDS[input.area];
  const counts = new Map<NotificationKind, number>();
  for (const line of input.lines) counts.set(line.kind, (counts.get(line.kind) ?? 0) + 1);
  const tally = [...counts].map(([kind, n]) => `${words[kind]}: ${n}`).join('\n');
  const quoted = input.lines.slice(0, DIGEST_QUOTED).map((line) => `- ${words[line.kind]}${line.excerpt ? ` · ${line.excerpt}` : ''}`).join('\n');
  const total = input.lines.length;
  if (input.area === 'native') {
    return {
      channel: 'email', recipient: input.to, subject: `你有 ${total} 条未读通知`,
      body: `过去一天你有 ${total} 条未读通知：\n${tally}\n\n${quoted}\n\n在消息中心查看全部：/messages\n你可以在账户的通知设置里关闭每日邮件。`,
    };
  }
  return {
    channel: 'email', recipient: input.to, subject: `You have ${total} unread notification${total === 1 ? '' : 's'}`,
    body: `In the last day you got ${total} unread notification${total === 1 ? '' : 's'}:\n${tally}\n\n${quoted}\n\nSee them all in your messages: /messages\nYou can turn this daily e-mail off in your notification settings.`,
  };
}
