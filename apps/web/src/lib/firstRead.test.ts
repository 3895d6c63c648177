import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_READ_ID, firstReadOr, takeFirstRead } from './firstRead';

/** The page as the server sends it to a guest: the landed page's first read inline (its web/first-reads.ts). */
function pageCarries(api: string, json: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = FIRST_READ_ID;
  element.setAttribute('data-api', api);
  element.textContent = json;
  document.body.append(element);
}

afterEach(() => document.getElementById(FIRST_READ_ID)?.remove());

describe('the first read a page came with', () => {
  it('answers the read of its own path once, without asking the API; the next read asks', async () => {
    pageCarries('/api/posts/7', '{"post":{"id":7,"title":"Inline"}}');
    const ask = vi.fn(async () => ({ post: { id: 7, title: 'Fetched' } }));
    await expect(firstReadOr('/api/posts/7', ask)).resolves.toEqual({ post: { id: 7, title: 'Inline' } });
    expect(ask).not.toHaveBeenCalled();
    await expect(firstReadOr('/api/posts/7', ask)).resolves.toEqual({ post: { id: 7, title: 'Fetched' } });
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it("is not another path's answer: a read of another page asks the API and leaves it in place", async () => {
    pageCarries('/api/posts/7', '{"post":{"id":7}}');
    const ask = vi.fn(async () => ({ id: 8 }));
    await expect(firstReadOr('/api/posts/8', ask)).resolves.toEqual({ id: 8 });
    expect(takeFirstRead('/api/posts/7')).toEqual({ post: { id: 7 } });
  });

  it('asks the API when the inline answer cannot be read', async () => {
    pageCarries('/api/skus/3', '{not json');
    await expect(firstReadOr('/api/skus/3', async () => ({ id: 3 }))).resolves.toEqual({ id: 3 });
    expect(takeFirstRead('/api/skus/3')).toBeUndefined();
  });
});
