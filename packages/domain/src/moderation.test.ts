import { describe, expect, it } from 'vitest';
import {
  ACTION_LIMITS, BUDGET_WINDOW_SECONDS, CONTENT_STATES, contentVisibleTo, isCounted, UPLOADS_PER_DAY, UPLOADS_PER_DAY_NEW, CENSOR_MASK, COMMUNITY_ACTIONS, MUTE_BLOCKED_ACTIONS, NEW_ACCOUNT_DAYS, REPORT_REASONS,
  REPORT_REASON_WEIGHTS, SCREENED_SURFACES, WARN_BAN_DAYS, screenOutcome, actionLimit, compareReports, isUpheld, normalizeWord, reporterAccuracy, screenTexts,
  standingOf, throttleVerdict, warnBanUntil, type WatchedWord,
} from './moderation.ts';

const now = new Date('2026-06-01T12:00:00Z');
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
const secondsAgo = (n: number) => new Date(now.getTime() - n * 1000);

describe('standing and the rate-limit schedule', () => {
  it('treats accounts younger than NEW_ACCOUNT_DAYS as new, older ones as regular', () => {
    expect(standingOf(daysAgo(0), [], now)).toBe('new');
    expect(standingOf(daysAgo(NEW_ACCOUNT_DAYS - 0.01), [], now)).toBe('new');
    expect(standingOf(daysAgo(NEW_ACCOUNT_DAYS), [], now)).toBe('regular');
  });

  it('puts an old account with a recent upheld report back on the new schedule, for 30 days', () => {
    expect(standingOf(daysAgo(400), [daysAgo(29)], now)).toBe('new');
    expect(standingOf(daysAgo(400), [daysAgo(31)], now)).toBe('regular');
  });

  it('makes new accounts wait longer and allows them less, as Discourse does', () => {
    expect(actionLimit('post', 'new')).toEqual({ gapSeconds: 120, perDay: 3 });
    expect(actionLimit('post', 'regular')).toEqual({ gapSeconds: 15, perDay: 20 });
    expect(actionLimit('like', 'regular').perDay).toBe(50);
    expect(actionLimit('follow', 'new')).toEqual({ gapSeconds: 1, perDay: 50 });
    expect(actionLimit('follow', 'regular')).toEqual({ gapSeconds: 1, perDay: 300 });
    for (const action of COMMUNITY_ACTIONS) {
      const { new: slow, regular } = ACTION_LIMITS[action];
      expect(slow.gapSeconds).toBeGreaterThanOrEqual(regular.gapSeconds);
      expect(slow.perDay).toBeLessThanOrEqual(regular.perDay);
      expect(regular.perDay).toBeGreaterThan(0);
    }
  });

  it('stops publishing actions and uploads for a muted account but leaves likes and reports open', () => {
    expect([...MUTE_BLOCKED_ACTIONS].sort()).toEqual(['comment', 'headline', 'post', 'private_message', 'profile_text', 'reply', 'review', 'talk', 'upload']);
  });

  it('allows 100 uploads a day, 20 on the new-account schedule', () => {
    expect(actionLimit('upload', 'regular')).toEqual({ gapSeconds: 0, perDay: UPLOADS_PER_DAY });
    expect(actionLimit('upload', 'new')).toEqual({ gapSeconds: 0, perDay: UPLOADS_PER_DAY_NEW });
    expect([UPLOADS_PER_DAY, UPLOADS_PER_DAY_NEW]).toEqual([100, 20]);
  });

  it('answers access_wait until the gap has passed, with the seconds left', () => {
    const limit = { gapSeconds: 15, perDay: 20 };
    expect(throttleVerdict({ lastAt: secondsAgo(10), windowStart: secondsAgo(10), windowCount: 1 }, limit, now)).toEqual({ verdict: 'access_wait', retryAfter: 5 });
    expect(throttleVerdict({ lastAt: secondsAgo(15), windowStart: secondsAgo(15), windowCount: 1 }, limit, now)).toEqual({ verdict: 'ok', retryAfter: 0 });
    expect(throttleVerdict({ lastAt: null, windowStart: null, windowCount: 0 }, limit, now).verdict).toBe('ok');
  });

  it('answers rate_limit once the window budget is spent, until the window ends', () => {
    const limit = { gapSeconds: 0, perDay: 2 };
    expect(throttleVerdict({ lastAt: secondsAgo(1), windowStart: secondsAgo(100), windowCount: 1 }, limit, now).verdict).toBe('ok');
    expect(throttleVerdict({ lastAt: secondsAgo(1), windowStart: secondsAgo(100), windowCount: 2 }, limit, now)).toEqual({ verdict: 'rate_limit', retryAfter: BUDGET_WINDOW_SECONDS - 100 });
    expect(throttleVerdict({ lastAt: secondsAgo(1), windowStart: secondsAgo(BUDGET_WINDOW_SECONDS), windowCount: 2 }, limit, now).verdict).toBe('ok');
  });
});

describe('warn ban', () => {
  it('bans for WARN_BAN_DAYS from the third upheld report within 30 days', () => {
    expect(warnBanUntil([daysAgo(1), daysAgo(2)], now)).toBeNull();
    const until = warnBanUntil([daysAgo(1), daysAgo(2), daysAgo(20)], now);
    expect(until?.getTime()).toBe(daysAgo(1).getTime() + WARN_BAN_DAYS * 86_400_000);
    expect(warnBanUntil([daysAgo(1), daysAgo(2), daysAgo(31)], now)).toBeNull();
    expect(warnBanUntil([daysAgo(8), daysAgo(9), daysAgo(10)], now)).toBeNull();
  });
});

describe('reports', () => {
  it('weighs every reason, illegal content highest', () => {
    for (const reason of REPORT_REASONS) expect(REPORT_REASON_WEIGHTS[reason]).toBeGreaterThan(0);
    expect(Math.max(...Object.values(REPORT_REASON_WEIGHTS))).toBe(REPORT_REASON_WEIGHTS.illegal);
  });

  it('smooths accuracy towards one half and rewards upheld reports', () => {
    expect(reporterAccuracy(0, 0)).toBe(0.5);
    expect(reporterAccuracy(9, 10)).toBeGreaterThan(reporterAccuracy(1, 10));
    expect(reporterAccuracy(0, 4)).toBeLessThan(0.5);
    expect(isUpheld('dismiss')).toBe(false);
    expect(isUpheld('hide')).toBe(true);
  });

  it('orders the queue by reason weight, then accuracy, then age', () => {
    const r = (id: number, reason: (typeof REPORT_REASONS)[number], accuracy: number, createdAt = now) => ({ id, reason, accuracy, createdAt });
    const list = [r(1, 'spam', 0.9), r(2, 'illegal', 0.2), r(3, 'spam', 0.3), r(4, 'spam', 0.9, daysAgo(1)), r(5, 'other', 1)];
    expect(list.sort(compareReports).map((x) => x.id)).toEqual([2, 4, 1, 3, 5]);
  });
});

describe('watched words', () => {
  const words: WatchedWord[] = [
    { word: 'scam', action: 'block' },
    { word: 'damn', action: 'censor' },
    { word: '外挂', action: 'block' },
    { word: '傻瓜', action: 'censor' },
    { word: 'giveaway', action: 'require_approval' },
    { word: '代练', action: 'flag' },
    { word: 'c++', action: 'flag' },
  ];

  it('allows clean text unchanged', () => {
    expect(screenTexts(['A fine game, 很好玩'], words)).toEqual({ action: 'allow', texts: ['A fine game, 很好玩'], words: [] });
  });

  it('matches English whole words, case-insensitively', () => {
    expect(screenTexts(['This is a SCAM!'], words).action).toBe('block');
    expect(screenTexts(['Scam.'], words).action).toBe('block');
    expect(screenTexts(['scampi and scammers'], words).action).toBe('allow');
    expect(screenTexts(['Damn good. damned fine.'], words).texts).toEqual([`${CENSOR_MASK} good. damned fine.`]);
  });

  it('matches Chinese anywhere, without word boundaries', () => {
    expect(screenTexts(['有人卖外挂吗'], words).action).toBe('block');
    expect(screenTexts(['你这个傻瓜傻瓜'], words).texts).toEqual([`你这个${CENSOR_MASK}${CENSOR_MASK}`]);
    expect(screenTexts(['找代练'], words)).toMatchObject({ action: 'flag', words: ['代练'] });
  });

  it('finds an English word written next to Chinese characters', () => {
    expect(screenTexts(['这是scam啊'], words).action).toBe('block');
    expect(screenTexts(['真damn好'], words).texts).toEqual([`真${CENSOR_MASK}好`]);
  });

  it('sees through full-width letters and invisible characters, and masks them in the original', () => {
    expect(screenTexts(['ＳＣＡＭ'], words).action).toBe('block');
    expect(screenTexts(['s\u200Bc\u200Da\uFEFFm'], words).action).toBe('block');
    expect(screenTexts(['外\u200B挂'], words).action).toBe('block');
    expect(screenTexts(['oh d\u200Bamn it'], words).texts).toEqual([`oh ${CENSOR_MASK} it`]);
    expect(screenTexts(['ｄａｍｎ'], words).texts).toEqual([CENSOR_MASK]);
  });

  it('screens what a reader sees: references decoded, markup removed (the review payloads)', () => {
    const gift: WatchedWord[] = [{ word: 'free-steam-gift', action: 'block' }, { word: '外挂', action: 'require_approval' }];
    expect(screenTexts(['free-st&#101;am-gift'], gift).action).toBe('block');
    expect(screenTexts(['free-st&#x65;am-gift'], gift).action).toBe('block');
    expect(screenTexts(['free-st<b></b>eam-gift'], gift).action).toBe('block');
    expect(screenTexts(['<p>FREE-st<!-- x -->ｅａｍ\u200B-gift</p>'], gift).action).toBe('block');
    expect(screenTexts(['外&#x6302;'], gift)).toMatchObject({ action: 'require_approval', words: ['外挂'] });
    expect(screenTexts(['外&#25346;'], gift).action).toBe('require_approval');
    // What the reader sees is text, not the word: a double-encoded reference and a paragraph break.
    expect(screenTexts(['free-st&amp;#101;am-gift'], gift).action).toBe('allow');
    expect(screenTexts(['<p>free-st</p><p>eam-gift</p>'], gift).action).toBe('allow');
  });

  it('masks a censored word in the stored text and keeps its markup balanced', () => {
    expect(screenTexts(['<p>oh d<b>am</b>n it</p>'], words).texts).toEqual([`<p>oh ${CENSOR_MASK}<b></b> it</p>`]);
    expect(screenTexts(['oh d&#97;mn it'], words).texts).toEqual([`oh ${CENSOR_MASK} it`]);
    expect(screenTexts(['<a href="/users/1">damn</a>'], words).texts).toEqual([`<a href="/users/1">${CENSOR_MASK}</a>`]);
  });

  it('matches a word of several words across any white space', () => {
    const phrase: WatchedWord[] = [{ word: 'free  steam', action: 'block' }];
    expect(screenTexts(['get free\n\tsteam now'], phrase).action).toBe('block');
    expect(screenTexts(['<p>free</p><p>steam</p>'], phrase).action).toBe('block');
    expect(screenTexts(['freesteam'], phrase).action).toBe('allow');
  });

  it('takes the strongest action over several texts and keeps the others masked', () => {
    const result = screenTexts(['Big giveaway', 'damn'], words);
    expect(result.action).toBe('require_approval');
    expect(result.texts).toEqual(['Big giveaway', CENSOR_MASK]);
    expect([...result.words].sort()).toEqual(['damn', 'giveaway']);
  });

  it('treats regular-expression characters in words as plain text', () => {
    expect(screenTexts(['I write C++ daily'], words).action).toBe('flag');
    expect(screenTexts(['I write C daily'], words).action).toBe('allow');
    expect(screenTexts(['a.b*c'], [{ word: '.*', action: 'block' }]).action).toBe('allow');
    expect(screenTexts(['a.*b'], [{ word: '.*', action: 'block' }]).action).toBe('block');
  });

  it('ignores empty and invisible-only words and copes with hostile input', () => {
    expect(screenTexts(['anything'], [{ word: '\u200B', action: 'block' }, { word: '   ', action: 'block' }]).action).toBe('allow');
    expect(screenTexts([''], words)).toEqual({ action: 'allow', texts: [''], words: [] });
    const emoji = '😀damn😀';
    expect(screenTexts([emoji], words).texts).toEqual([`😀${CENSOR_MASK}😀`]);
    const long = 'a '.repeat(100_000) + 'scam';
    expect(screenTexts([long], words).action).toBe('block');
    expect(normalizeWord(' ＤａＭｎ\u200B ')).toBe('damn');
    expect(normalizeWord('Free&#x20;  Steam')).toBe('free steam');
  });
});

describe('screenOutcome: what each surface does with the words found', () => {
  it('refuses a block word everywhere and publishes clean text everywhere', () => {
    for (const surface of SCREENED_SURFACES) {
      expect(screenOutcome(surface, 'block')).toBe('refuse');
      expect(screenOutcome(surface, 'allow')).toBe('publish');
      expect(screenOutcome(surface, 'flag')).toBe('publish');
    }
  });

  it('holds require_approval where staff have a queue, and refuses it where there is none', () => {
    expect(SCREENED_SURFACES.filter((s) => screenOutcome(s, 'require_approval') === 'hold')).toEqual(['post', 'comment', 'headline_draft']);
    expect(SCREENED_SURFACES.filter((s) => screenOutcome(s, 'require_approval') === 'refuse')).toEqual(['talk', 'private_message', 'nickname', 'introduction']);
  });

  it('masks a censor word, except in a nickname, which it refuses', () => {
    expect(SCREENED_SURFACES.filter((s) => screenOutcome(s, 'censor') === 'refuse')).toEqual(['nickname']);
  });
});

describe('hidden and pending content', () => {
  it('shows published content to everyone and pending or hidden content only to its author and staff', () => {
    const nobody = { own: false, staff: false };
    expect(CONTENT_STATES.map((s) => contentVisibleTo(s, nobody))).toEqual([true, false, false]);
    expect(CONTENT_STATES.every((s) => contentVisibleTo(s, { own: true, staff: false }))).toBe(true);
    expect(CONTENT_STATES.every((s) => contentVisibleTo(s, { own: false, staff: true }))).toBe(true);
    expect(CONTENT_STATES.filter(isCounted)).toEqual(['published']);
  });
});
