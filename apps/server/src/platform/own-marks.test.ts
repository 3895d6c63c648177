import { describe, expect, it } from 'vitest';
import { findOwnMarks, markOwn } from './own-marks.ts';

const page = (posts: { title: string; by: number }[]) => Buffer.from(JSON.stringify({ posts: posts.map((p) => ({ title: p.title, account_id: p.by, own: false })) }));
const owns = (body: Buffer) => (JSON.parse(body.toString('utf8')) as { posts: { own: boolean }[] }).posts.map((p) => p.own);

describe('own marks', () => {
  const posts = [{ title: '灯笼 "own":false', by: 7 }, { title: 'b', by: 8 }, { title: 'c', by: 7 }];
  const body = page(posts);
  const marks = findOwnMarks(body, posts.map((p) => p.by))!;

  it('finds the field, never a user\'s text that quotes it', () => {
    expect(marks.offsets).toHaveLength(3);
  });

  it('marks exactly the reader\'s items and leaves the rest byte for byte', () => {
    const marked = markOwn(body, marks, 7)!;
    expect(owns(marked)).toEqual([true, false, true]);
    expect(JSON.parse(marked.toString('utf8')).posts[0].title).toBe('灯笼 "own":false');
    expect(marked.toString('utf8').replaceAll('"own":true', '"own":false')).toBe(body.toString('utf8'));
    expect(owns(markOwn(body, marks, 8)!)).toEqual([false, true, false]);
  });

  it('answers null for a reader who owns nothing on the page', () => {
    expect(markOwn(body, marks, 9)).toBeNull();
  });

  it('has no marks when the flags do not pair with the owners', () => {
    expect(findOwnMarks(body, [7, 8])).toBeNull();
    expect(findOwnMarks(Buffer.from('{"posts":[]}'), [])).toEqual({ offsets: [], owners: [] });
  });
});
