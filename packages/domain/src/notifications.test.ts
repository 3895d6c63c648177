import { describe, expect, it } from 'vitest';
import { NOTIFICATION_GROUPS, NOTIFICATION_KINDS, notificationCounts, pushVisibleNotification } from './notifications.ts';

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
