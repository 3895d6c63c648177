import { describe, expect, it } from 'vitest';
import { forwardTarget, recommendScore, talkTextRefusal, TALK_MAX_LENGTH, TALKS_PAGE_SIZE } from './talks.ts';

describe('talkTextRefusal (docs/product/people.md#talks)', () => {
  it('takes a talk with words, up to the longest, counted in characters', () => {
    expect(talkTextRefusal('hello', false)).toBeNull();
    expect(talkTextRefusal('灯'.repeat(TALK_MAX_LENGTH), false)).toBeNull();
    expect(talkTextRefusal('😀'.repeat(TALK_MAX_LENGTH), false)).toBeNull();
  });

  it('refuses a blank new talk and one too long; a forward may say nothing', () => {
    expect(talkTextRefusal('   ', false)).toBe('blank');
    expect(talkTextRefusal('', true)).toBeNull();
    expect(talkTextRefusal('a'.repeat(TALK_MAX_LENGTH + 1), true)).toBe('too_long');
  });

  it('pages ten at a time', () => {
    expect(TALKS_PAGE_SIZE).toBe(10);
  });
});

describe('forwardTarget', () => {
  it('forwards the original of a forward, so chains stay one level deep', () => {
    expect(forwardTarget({ id: 5, forwardOfId: null })).toBe(5);
    expect(forwardTarget({ id: 9, forwardOfId: 5 })).toBe(5);
  });
});

describe('recommendScore', () => {
  it('weighs forwards twice, and lets age wear a talk down', () => {
    expect(recommendScore({ forwards: 1, likes: 0, comments: 0, ageDays: 0 })).toBe(recommendScore({ forwards: 0, likes: 1, comments: 1, ageDays: 0 }));
    expect(recommendScore({ forwards: 3, likes: 0, comments: 0, ageDays: 0 })).toBeGreaterThan(recommendScore({ forwards: 3, likes: 0, comments: 0, ageDays: 1 }));
  });
});
