import { describe, expect, it } from 'vitest';
import {
  compareNotices, feedbackContentProblem, FEEDBACK_CONTENT_MAX, groupReleasesByKind, isNoticeVisible,
  isVersionNumber, NOTICES_PER_PAGE, versionProgress,
} from './notices.ts';

describe('notices', () => {
  it('are ten to a page', () => {
    expect(NOTICES_PER_PAGE).toBe(10);
  });

  it('list pinned first, then newest, then the higher id', () => {
    const notices = [
      { id: 1, pinned: false, publishedAtSeconds: 300 },
      { id: 2, pinned: true, publishedAtSeconds: 100 },
      { id: 3, pinned: false, publishedAtSeconds: 500 },
      { id: 4, pinned: false, publishedAtSeconds: 300 },
      { id: 5, pinned: true, publishedAtSeconds: 200 },
    ];
    expect([...notices].sort(compareNotices).map((n) => n.id)).toEqual([5, 2, 3, 4, 1]);
  });

  it('are readable from their publication time until withdrawn', () => {
    expect(isNoticeVisible(100, false, 100)).toBe(true);
    expect(isNoticeVisible(101, false, 100)).toBe(false);
    expect(isNoticeVisible(50, true, 100)).toBe(false);
  });
});

describe('version progress', () => {
  it('is 100 once released and 0 while planned, whatever was typed', () => {
    expect(versionProgress('released', 40)).toBe(100);
    expect(versionProgress('planned', 60)).toBe(0);
  });

  it('stays between 1 and 99 while in work, rounded', () => {
    expect(versionProgress('developing', 0)).toBe(1);
    expect(versionProgress('testing', 100)).toBe(99);
    expect(versionProgress('developing', 42.6)).toBe(43);
    expect(versionProgress('testing', Number.NaN)).toBe(1);
  });

  it('accepts dotted version numbers only', () => {
    expect(isVersionNumber('2.4')).toBe(true);
    expect(isVersionNumber('2.4.1')).toBe(true);
    expect(isVersionNumber('2')).toBe(false);
    expect(isVersionNumber('v2.4')).toBe(false);
    expect(isVersionNumber('2.4.')).toBe(false);
  });

  it('groups release notes by kind, features first, each by position then id, leaving out empty kinds', () => {
    const notes = [
      { id: 1, kind: 'fix' as const, position: 2 },
      { id: 2, kind: 'feature' as const, position: 1 },
      { id: 3, kind: 'fix' as const, position: 1 },
      { id: 4, kind: 'feature' as const, position: 1 },
    ];
    expect(groupReleasesByKind(notes)).toEqual([
      { kind: 'feature', items: [notes[1], notes[3]] },
      { kind: 'fix', items: [notes[2], notes[0]] },
    ]);
    expect(groupReleasesByKind([])).toEqual([]);
  });
});

describe('feedback content', () => {
  it('must be 10 to 2000 characters after trimming, counting each character once', () => {
    expect(feedbackContentProblem('   ')).toBe('blank');
    expect(feedbackContentProblem('too short')).toBe('too_short');
    expect(feedbackContentProblem('  支付页面一直转圈无法完成  ')).toBeNull();
    expect(feedbackContentProblem('界面卡住了啊啊啊啊😀')).toBeNull();
    expect(feedbackContentProblem('x'.repeat(FEEDBACK_CONTENT_MAX))).toBeNull();
    expect(feedbackContentProblem('x'.repeat(FEEDBACK_CONTENT_MAX + 1))).toBe('too_long');
  });
});
