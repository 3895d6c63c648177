import { describe, expect, it } from 'vitest';
import { COLLECTABLE_TYPES, SHARE_TARGET_TYPES, shareUrl } from './sharing.ts';

const urls = { native: 'https://cn.lantern.example/', abroad: 'https://global.lantern.example' };

describe('shareUrl (docs/product/people.md#share)', () => {
  it('opens the target\'s page on the site the share names', () => {
    expect(shareUrl(urls, 'Post', 7, 'native')).toBe('https://cn.lantern.example/posts/7');
    expect(shareUrl(urls, 'Talk', 8, 'abroad')).toBe('https://global.lantern.example/talks/8');
    expect(shareUrl(urls, 'Headline', 9, 'abroad')).toBe('https://global.lantern.example/headlines/9');
  });

  it('shares posts, talks and headlines; collects posts and headlines', () => {
    expect([...SHARE_TARGET_TYPES]).toEqual(['Post', 'Talk', 'Headline']);
    expect([...COLLECTABLE_TYPES]).toEqual(['Post', 'Headline']);
  });
});
