import { describe, expect, it } from 'vitest';
import {
  HEADLINE_ITEMS_MAX, HEADLINE_TITLE_MAX, HEADLINES_PAGE_SIZE, HEADLINE_COMMENTS_PAGE_SIZE, HEADLINE_REPLIES_PAGE_SIZE, HOME_HEADLINES,
  headlineCommentOrder, headlineDraftProblems, headlineSummaryOf, isDraftDeletable, isDraftEditable, isDraftReviewable, itemsOfArea,
  mayEditHeadlines, mayPublishHeadlines, type HeadlineDraftFacts,
} from './headlines.ts';

const facts = (over: Partial<HeadlineDraftFacts> = {}): HeadlineDraftFacts => ({
  title: 'Patch notes', contentText: 'Body', summary: '', sectionId: 1, items: [], skuId: null, radioAccountIds: [], ...over,
});

describe('headline page sizes and the home cap', () => {
  it('lists 10 headlines, 15 comments and 5 replies a page, and shows at most 3 on the store home', () => {
    expect([HEADLINES_PAGE_SIZE, HEADLINE_COMMENTS_PAGE_SIZE, HEADLINE_REPLIES_PAGE_SIZE, HOME_HEADLINES]).toEqual([10, 15, 5, 3]);
  });
});

describe('who edits and who publishes', () => {
  it('lets editors, staff and admins write drafts, and only staff and admins publish', () => {
    expect(['user', 'editor', 'group_admin', 'staff', 'admin'].map((r) => mayEditHeadlines(r as never))).toEqual([false, true, false, true, true]);
    expect(['user', 'editor', 'group_admin', 'staff', 'admin'].map((r) => mayPublishHeadlines(r as never))).toEqual([false, false, false, true, true]);
  });
});

describe('a draft through its states', () => {
  it('is edited while a draft or rejected, reviewed only when submitted, deleted unless published', () => {
    expect(['draft', 'submitted', 'published', 'rejected'].map((s) => isDraftEditable(s as never))).toEqual([true, false, false, true]);
    expect(['draft', 'submitted', 'published', 'rejected'].map((s) => isDraftReviewable(s as never))).toEqual([false, true, false, false]);
    expect(['draft', 'submitted', 'published', 'rejected'].map((s) => isDraftDeletable(s as never))).toEqual([true, true, false, true]);
  });
});

describe('headlineDraftProblems', () => {
  it('saves a half-written draft but asks for a title, a body and a section before submitting', () => {
    const empty = facts({ title: ' ', contentText: '', sectionId: null });
    expect(headlineDraftProblems(empty, false)).toEqual({});
    expect(headlineDraftProblems(empty, true)).toEqual({ title: ['blank'], content: ['blank'], section_id: ['blank'] });
    expect(headlineDraftProblems(facts(), true)).toEqual({});
  });

  it('refuses a title too long, too many games, a game twice and too many radio hosts, saved or submitted', () => {
    const items = Array.from({ length: HEADLINE_ITEMS_MAX + 1 }, (_, i) => ({ area: 'native' as const, game_id: i + 1 }));
    expect(headlineDraftProblems(facts({ title: 'x'.repeat(HEADLINE_TITLE_MAX + 1) }), false)).toEqual({ title: ['too_long'] });
    expect(headlineDraftProblems(facts({ title: 'x'.repeat(HEADLINE_TITLE_MAX) }), true)).toEqual({});
    expect(headlineDraftProblems(facts({ items }), false)).toEqual({ items: ['out_limit'] });
    expect(headlineDraftProblems(facts({ items: [{ area: 'native', game_id: 4 }, { area: 'native', game_id: 4 }] }), false)).toEqual({ items: ['duplicate'] });
    // The same game id on the other site is another SKU, not a duplicate.
    expect(headlineDraftProblems(facts({ items: [{ area: 'native', game_id: 4 }, { area: 'abroad', game_id: 4 }] }), false)).toEqual({});
    expect(headlineDraftProblems(facts({ radioAccountIds: Array.from({ length: 11 }, (_, i) => i + 1) }), false)).toEqual({ radio: ['out_limit'] });
  });
});

describe('what a site shows of an article', () => {
  it('shows the items of its own site once each, in the editor\'s order', () => {
    const items = [{ area: 'abroad' as const, game_id: 9 }, { area: 'native' as const, game_id: 3 }, { area: 'native' as const, game_id: 1 }];
    expect(itemsOfArea(items, 'native')).toEqual([3, 1]);
    expect(itemsOfArea(items, 'abroad')).toEqual([9]);
  });

  it('summarises with the editor\'s summary, else the opening of the text cut on a character with an ellipsis', () => {
    expect(headlineSummaryOf(' Own words ', 'long body')).toBe('Own words');
    expect(headlineSummaryOf('', 'short')).toBe('short');
    expect(headlineSummaryOf('', 'abcdefghij', 5)).toBe('abcd…');
  });

  it('orders comments oldest first unless the newest are asked for', () => {
    expect(headlineCommentOrder(undefined)).toBe('oldest');
    expect(headlineCommentOrder('created_at asc')).toBe('oldest');
    expect(headlineCommentOrder('created_at  DESC')).toBe('newest');
    expect(headlineCommentOrder('id desc')).toBe('newest');
    expect(headlineCommentOrder('likes_count desc')).toBe('oldest');
  });
});
