import { describe, expect, it } from 'vitest';
import { NOTIFICATION_GROUPS, NOTIFICATION_KINDS, READ_NOTIFICATION_KEPT_DAYS, notificationCounts, openingNotificationTab, pushVisibleNotification, readNotificationsKeptSince } from './notifications.ts';

describe('notification counts', () => {
  it('groups kinds into the notification counters', () => {
    const byKind = {
      comment: 1,
      reply: 2,
      at: 4,
      follow: 8,
      like: 16,
      operate: 32,
      headline_auth: 64,
      key: 128,
      wish: 256,
      register_reward: 512,
      activity: 1024,
    };
    expect(notificationCounts(byKind)).toEqual({
      total: 2047,
      comment_num: 3,
      notice_num: 24,
      system_num: 32 + 64 + 128 + 256 + 512 + 1024,
      at_num: 4,
    });
  });

  it('counts missing kinds as zero', () => {
    expect(notificationCounts({})).toEqual({ total: 0, comment_num: 0, notice_num: 0, system_num: 0, at_num: 0 });
    expect(notificationCounts({ wish: 2 })).toMatchObject({ total: 2, system_num: 2 });
  });

  it('puts every kind in exactly one group', () => {
    const grouped = Object.values(NOTIFICATION_GROUPS).flat();
    expect([...grouped].sort()).toEqual([...NOTIFICATION_KINDS].sort());
  });
});

describe('visible notifications', () => {
  it('keeps at most 3, dropping the oldest', () => {
    let list: string[] = [];
    list = pushVisibleNotification(list, 'a');
    list = pushVisibleNotification(list, 'b');
    list = pushVisibleNotification(list, 'c');
    expect(list).toEqual(['a', 'b', 'c']);
    list = pushVisibleNotification(list, 'd');
    expect(list).toEqual(['b', 'c', 'd']);
  });

  it('does not mutate the list', () => {
    const list = ['a'];
    pushVisibleNotification(list, 'b');
    expect(list).toEqual(['a']);
  });
});

describe('notification settings and who is told', () => {
  it('turns every kind on and the digest off by default, and lays stored changes over them', async () => {
    const { DEFAULT_NOTIFICATION_SETTINGS, notificationSettings } = await import('./notifications.ts');
    expect(Object.values(DEFAULT_NOTIFICATION_SETTINGS.kinds).every(Boolean)).toBe(true);
    expect(DEFAULT_NOTIFICATION_SETTINGS.email_digest).toBe(false);
    const mine = notificationSettings(['like', 'follow'], true);
    expect(mine.kinds.like).toBe(false);
    expect(mine.kinds.comment).toBe(true);
    expect(mine.email_digest).toBe(true);
  });

  it('never tells someone of their own action, nor of a kind they turned off', async () => {
    const { shouldNotify } = await import('./notifications.ts');
    expect(shouldNotify({ recipientId: 1, actorId: 1, kind: 'reply', disabledKinds: [] })).toBe(false);
    expect(shouldNotify({ recipientId: 1, actorId: 2, kind: 'reply', disabledKinds: ['like'] })).toBe(true);
    expect(shouldNotify({ recipientId: 1, actorId: 2, kind: 'like', disabledKinds: ['like'] })).toBe(false);
    expect(shouldNotify({ recipientId: 1, actorId: null, kind: 'key', disabledKinds: [] })).toBe(true);
  });

  it('maps every kind to one counter group, and cuts excerpts on characters', async () => {
    const { groupOfKind, notificationExcerpt, NOTIFICATION_EXCERPT_MAX } = await import('./notifications.ts');
    for (const kind of NOTIFICATION_KINDS) expect((NOTIFICATION_GROUPS[groupOfKind(kind)] as readonly string[])).toContain(kind);
    expect(groupOfKind('like')).toBe('notice_num');
    const long = '😀'.repeat(200);
    const cut = notificationExcerpt(`<p>${long}</p>`);
    expect([...cut]).toHaveLength(NOTIFICATION_EXCERPT_MAX);
    expect(cut.endsWith('…')).toBe(true);
    expect(notificationExcerpt('<p>hi  <b>there</b></p>')).toBe('hi there');
  });
});

describe('the tab /messages opens on', () => {
  const none = { comment_num: 0, at_num: 0, notice_num: 0, system_num: 0, broadcast_num: 0 };
  it('is the first tab with something unread, in the tabs\' order', () => {
    expect(openingNotificationTab({ ...none, notice_num: 2, system_num: 1 })).toBe('notice_num');
    expect(openingNotificationTab({ ...none, at_num: 1, broadcast_num: 3 })).toBe('at_num');
    expect(openingNotificationTab({ ...none, broadcast_num: 1 })).toBe('broadcast_num');
  });
  it('is the comments tab when nothing is unread', () => {
    expect(openingNotificationTab(none)).toBe('comment_num');
  });
});

describe('read notifications kept', () => {
  it('for 180 days after their reading', () => {
    const now = new Date('2026-11-29T12:00:00Z');
    expect(READ_NOTIFICATION_KEPT_DAYS).toBe(180);
    expect(readNotificationsKeptSince(now).toISOString()).toBe('2026-06-02T12:00:00.000Z');
  });
});
