import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache.ts';

describe('ResponseCache', () => {
  it('serves a value for its TTL and computes it again after', async () => {
    let now = 0;
    let computed = 0;
    const cache = new ResponseCache(10, () => now);
    const produce = async () => ++computed;
    expect(await cache.get('k', produce)).toBe(1);
    now = 9_999;
    expect(await cache.get('k', produce)).toBe(1);
    now = 10_000;
    expect(await cache.get('k', produce)).toBe(2);
  });

  it('shares one computation between concurrent misses of a key', async () => {
    let computed = 0;
    const cache = new ResponseCache(10);
    const produce = () => new Promise<number>((resolve) => setTimeout(() => resolve(++computed), 5));
    const values = await Promise.all(Array.from({ length: 50 }, () => cache.get('k', produce)));
    expect(new Set(values)).toEqual(new Set([1]));
    expect(computed).toBe(1);
  });

  it('does not keep a failed computation', async () => {
    const cache = new ResponseCache(10);
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    let computed = 0;
    const cache = new ResponseCache(10, Date.now, 2);
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => ++computed);
    expect(await cache.get('b', async () => ++computed)).toBe(2);
    expect(await cache.get('a', async () => ++computed)).toBe(4);
  });

  it('passes straight through with a TTL of 0', async () => {
    let computed = 0;
    const cache = new ResponseCache(0);
    await cache.get('k', async () => ++computed);
    await cache.get('k', async () => ++computed);
    expect(computed).toBe(2);
  });

  it('forgets the entries of a prefix, and keeps nothing a computation already running produces', async () => {
    const cache = new ResponseCache(60);
    await cache.get('headlines:1', async () => 'old list');
    await cache.get('posts:1', async () => 'posts');
    let release: ((v: string) => void) | undefined;
    const racing = cache.get('headline:9', () => new Promise<string>((resolve) => (release = resolve)));
    cache.forget('headline');
    release!('read before the change');
    expect(await racing).toBe('read before the change');
    expect(await cache.get('headlines:1', async () => 'new list')).toBe('new list');
    expect(await cache.get('headline:9', async () => 'fresh')).toBe('fresh');
    expect(await cache.get('posts:1', async () => 'rebuilt')).toBe('posts');
  });
});
