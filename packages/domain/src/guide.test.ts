import { describe, expect, it } from 'vitest';
import { GUIDE_STEPS } from './constants.ts';
import { GUIDE_CLOSE_PATH, GUIDE_CONFIG, GUIDE_STEP_LIST, guideClosePopup, guideDueFor, isGuideDue } from './guide.ts';

const step = (n: number) => GUIDE_STEP_LIST.find((s) => s.n === n)!;

describe('the guide steps', () => {
  it('has GUIDE_STEPS steps numbered 1..10 with distinct keys', () => {
    expect(GUIDE_STEP_LIST).toHaveLength(GUIDE_STEPS);
    expect(GUIDE_STEP_LIST.map((s) => s.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(GUIDE_STEP_LIST.map((s) => s.key)).size).toBe(GUIDE_STEPS);
  });

  it('does what the spec fixes for steps 2, 4, 6, 7, 8 and 9', () => {
    expect(step(2).target).toBe('community_posts');
    expect(step(4).route).toBe('subjects');
    expect(step(6).target).toBe('item');
    expect(step(7).route).toBe('profile');
    expect(step(8).menu).toBe('open');
    expect(step(9).menu).toBe('close');
    expect(GUIDE_STEP_LIST.filter((s) => s.menu)).toHaveLength(2);
  });

  it('closes to /home', () => {
    expect(GUIDE_CLOSE_PATH).toBe('/home');
  });
});

describe('who is due to see it', () => {
  it('is an ordinary account that has not closed it', () => {
    expect(guideDueFor({ role: 'user', completed: false })).toBe(true);
    expect(guideDueFor({ role: 'user', completed: true })).toBe(false);
    for (const role of ['editor', 'group_admin', 'staff', 'admin']) expect(guideDueFor({ role, completed: false })).toBe(false);
  });

  it('reads the flag from the account configs', () => {
    expect(isGuideDue([{ kind: GUIDE_CONFIG.kind, key: GUIDE_CONFIG.key, value: 'due' }])).toBe(true);
    expect(isGuideDue([{ kind: GUIDE_CONFIG.kind, key: GUIDE_CONFIG.key, value: 'done' }])).toBe(false);
    expect(isGuideDue([{ kind: 'upload', key: 'water_mark', value: 'due' }])).toBe(false);
    expect(isGuideDue([])).toBe(false);
  });
});

describe('where closing leads', () => {
  it('asks for identification first, then an unsafe nickname, else nothing', () => {
    expect(guideClosePopup({ need_identification: true, is_nickname_safe: false })).toBe('identification');
    expect(guideClosePopup({ need_identification: true, is_nickname_safe: true })).toBe('identification');
    expect(guideClosePopup({ need_identification: false, is_nickname_safe: false })).toBe('basic_info');
    expect(guideClosePopup({ need_identification: false, is_nickname_safe: true })).toBeNull();
  });
});
