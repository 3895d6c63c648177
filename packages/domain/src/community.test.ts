import { describe, expect, it } from 'vitest';
import { communityTitleOf, contributionPoints, contributorRank, evaluationOf, hasAcknowledgedResponsibility, isPositiveReview, mentionPrefix, needsResponsibilityDeclaration, postProblems, type PostInput } from './community.ts';

const base: PostInput = { type: 'Post', isLong: false, title: '', plainText: 'hello', score: null, recommend: null };

describe('postProblems', () => {
  it('accepts a short post and a scored or recommending review', () => {
    expect(postProblems(base)).toEqual({});
    expect(postProblems({ ...base, type: 'Review', score: 5 })).toEqual({});
    expect(postProblems({ ...base, type: 'Review', recommend: false })).toEqual({});
  });
  it('needs a title on a long post and none on a short one', () => {
    expect(postProblems({ ...base, isLong: true })).toEqual({ title: 'blank' });
    expect(postProblems({ ...base, title: 'x' })).toEqual({ title: 'invalid' });
    expect(postProblems({ ...base, isLong: true, title: '长'.repeat(81) })).toEqual({ title: 'too_long' });
  });
  it('refuses empty or too long text', () => {
    expect(postProblems({ ...base, plainText: '  ' })).toEqual({ content: 'blank' });
    expect(postProblems({ ...base, plainText: 'a'.repeat(1001) })).toEqual({ content: 'too_long' });
    expect(postProblems({ ...base, isLong: true, title: 't', plainText: 'a'.repeat(1001) })).toEqual({});
  });
  it('needs a score or recommendation on a review, neither on a post, and a score of 1–5', () => {
    expect(postProblems({ ...base, type: 'Review' })).toEqual({ score: 'blank' });
    expect(postProblems({ ...base, type: 'Review', score: 6 })).toEqual({ score: 'invalid' });
    expect(postProblems({ ...base, type: 'Review', score: 2.5 })).toEqual({ score: 'invalid' });
    expect(postProblems({ ...base, score: 3 })).toEqual({ score: 'invalid' });
  });
});

describe('evaluation', () => {
  it('gives percent of positive reviews and the average score', () => {
    expect(evaluationOf([1, 0, 1, 2, 6], 12, 9)).toEqual({ distribution: [1, 0, 1, 2, 6], reviews_count: 12, positive_count: 9, percent: 75, average: 4.2 });
    expect(evaluationOf([], 0, 0)).toMatchObject({ percent: null, average: null, distribution: [0, 0, 0, 0, 0] });
  });
  it('counts 4–5 stars or a recommendation as positive', () => {
    expect(isPositiveReview(4, null)).toBe(true);
    expect(isPositiveReview(3, true)).toBe(false);
    expect(isPositiveReview(null, true)).toBe(true);
    expect(isPositiveReview(null, false)).toBe(false);
  });
});

describe('roles, ranks and mentions', () => {
  it('titles staff and group admins for all groups, editors for headlines', () => {
    expect(communityTitleOf('group_admin')).toBe('all_groups');
    expect(communityTitleOf('staff')).toBe('all_groups');
    expect(communityTitleOf('editor')).toBe('headlines');
    expect(communityTitleOf('user')).toBeNull();
  });
  it('ranks contributors by weighted activity', () => {
    expect(contributionPoints(2, 1, 3)).toBe(11);
    expect(contributorRank(0)).toBe('newcomer');
    expect(contributorRank(5)).toBe('regular');
    expect(contributorRank(20)).toBe('veteran');
    expect(contributorRank(60)).toBe('legend');
  });
  it('takes a mention prefix without the @ and refuses wildcards', () => {
    expect(mentionPrefix('@灯笼')).toBe('灯笼');
    expect(mentionPrefix('a_b')).toBeNull();
    expect(mentionPrefix('   ')).toBeNull();
    expect(mentionPrefix('x'.repeat(21))).toBeNull();
  });
});

describe('the responsibility declaration', () => {
  const acknowledged = [{ kind: 'upload', key: 'water_mark', value: 'open' }, { kind: 'community', key: 'responsibility', value: 'acknowledged' }];
  const pending = [{ kind: 'community', key: 'responsibility', value: 'pending' }];

  it('is asked before a new review until the member has acknowledged it', () => {
    expect(needsResponsibilityDeclaration({ type: 'Review', editing: false }, pending)).toBe(true);
    expect(needsResponsibilityDeclaration({ type: 'Review', editing: false }, [])).toBe(true);
    expect(needsResponsibilityDeclaration({ type: 'Review', editing: false }, acknowledged)).toBe(false);
    expect(hasAcknowledgedResponsibility(acknowledged)).toBe(true);
  });

  it('is not asked for posts or when editing', () => {
    expect(needsResponsibilityDeclaration({ type: 'Post', editing: false }, pending)).toBe(false);
    expect(needsResponsibilityDeclaration({ type: 'Review', editing: true }, pending)).toBe(false);
  });
});
