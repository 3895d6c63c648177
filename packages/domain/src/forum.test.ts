import { describe, expect, it } from 'vitest';
import { fixedTagOf, forumReplyCode, integralDaysDue, integralJoinRefusal, integralStatus } from './forum.ts';

describe('forum reply codes', () => {
  it('sends a warn ban to the mute dialog (201) but keeps a watched word a silent 422', () => {
    expect(forumReplyCode(403, 'base', 'banned')).toBe(201);
    expect(forumReplyCode(422, 'censor_words', 'banned')).toBe(422);
  });

  it('answers a muted writer 202 and both paces 203', () => {
    expect(forumReplyCode(403, 'base', 'is_mute')).toBe(202);
    expect(forumReplyCode(429, 'base', 'access_wait')).toBe(203);
    expect(forumReplyCode(429, 'base', 'rate_limit')).toBe(203);
  });

  it('answers a locked post 302 and a gone comment 303, other locks and misses keep their status', () => {
    expect(forumReplyCode(422, 'commentable', 'locked')).toBe(302);
    expect(forumReplyCode(404, 'commentary_id', 'not_found')).toBe(303);
    expect(forumReplyCode(404, 'comment', 'not_found')).toBe(303);
    expect(forumReplyCode(404, 'reply', 'not_found')).toBe(303);
    expect(forumReplyCode(404, 'base', 'not_found')).toBe(404);
    expect(forumReplyCode(423, 'sku', 'locked')).toBe(423);
  });

  it('repeats the status of any other refusal', () => {
    expect(forumReplyCode(401, 'base', 'unauthorized')).toBe(401);
    expect(forumReplyCode(400, 'account_id', 'taken')).toBe(400);
    expect(forumReplyCode(422, 'id', 'invalid')).toBe(422);
  });
});

describe('points participation', () => {
  const day = (sec: number) => new Date(sec * 1000).toISOString().slice(0, 10);
  const at = (iso: string) => Date.parse(iso) / 1000;
  const base = { joinedAtSec: at('2026-05-02T00:00:00Z'), startsAtSec: at('2026-05-01T00:00:00Z'), endsAtSec: at('2026-05-10T00:00:00Z'), awardedDays: [], maxDays: 3, timeZone: 'UTC' };

  it('is upcoming, running, then ended, and refuses joining outside the window', () => {
    expect(integralStatus(9, 10, 20)).toBe('upcoming');
    expect(integralStatus(10, 10, 20)).toBe('running');
    expect(integralStatus(20, 10, 20)).toBe('ended');
    expect(integralJoinRefusal('upcoming')).toBe('not_in_period');
    expect(integralJoinRefusal('ended')).toBe('already_end');
    expect(integralJoinRefusal('running')).toBeNull();
  });

  it('rewards each publishing day once, only after joining and inside the window', () => {
    const published = ['2026-05-01T12:00:00Z', '2026-05-02T08:00:00Z', '2026-05-02T20:00:00Z', '2026-05-04T01:00:00Z', '2026-05-10T00:00:00Z'].map(at);
    expect(integralDaysDue({ ...base, publishedAtSecs: published }, day)).toEqual(['2026-05-02', '2026-05-04']);
  });

  it('skips days already rewarded and stops at the cap', () => {
    const published = ['2026-05-03T01:00:00Z', '2026-05-04T01:00:00Z', '2026-05-05T01:00:00Z', '2026-05-06T01:00:00Z'].map(at);
    expect(integralDaysDue({ ...base, publishedAtSecs: published, awardedDays: ['2026-05-03'] }, day)).toEqual(['2026-05-04', '2026-05-05']);
    expect(integralDaysDue({ ...base, publishedAtSecs: published, awardedDays: ['a', 'b', 'c'] }, day)).toEqual([]);
  });
});

describe('fixed tag', () => {
  it('is the strongest state: pinned, then featured, then the tag, else none', () => {
    expect(fixedTagOf({ stickySequence: 3, featured: true, tagId: 1 })).toBe('sticky');
    expect(fixedTagOf({ stickySequence: 0, featured: true, tagId: 1 })).toBe('featured');
    expect(fixedTagOf({ stickySequence: 0, featured: false, tagId: 1 })).toBe('tag');
    expect(fixedTagOf({ stickySequence: 0, featured: false, tagId: null })).toBe('none');
  });
});
