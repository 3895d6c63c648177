import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMUNITY_API } from '@lantern/contract';
import { PAGE_SIZES } from '@lantern/domain';
import { buildUrl } from '../lib/api';

/**
 * The first-page preload script (vite.config.ts) fetches a landed page's reads with the URLs written there; the
 * browser hands a preloaded answer to the app only when the app asks for the very same URL. The config cannot
 * import the app's code, so this test holds the two together.
 */
const config = readFileSync(join(__dirname, '../../vite.config.ts'), 'utf8');
/** What the inline script does with a read: adds the parameters every web call carries, first. */
const asPreloaded = (read: string) => (read.includes('?') ? read.replace('?', '?client=web&version=1&') : `${read}?client=web&version=1`);

describe('the first-page preloads', () => {
  it("fetch the group page's first page of posts at the URL the page's list asks for", () => {
    const read = /'(\/api\/search\/posts\?group_id=\$1[^']*)'/.exec(config)?.[1];
    expect(read).toBeDefined();
    expect(asPreloaded(read!.replace('$1', '12'))).toBe(buildUrl(COMMUNITY_API.searchPosts, { group_id: 12, page: 1, per: PAGE_SIZES.reviews }));
  });

  it("fetch the group itself at the URL the group's query asks for", () => {
    expect(config).toContain("['/api/groups/$1', ");
    expect(asPreloaded(COMMUNITY_API.group(12))).toBe(buildUrl(COMMUNITY_API.group(12)));
  });
});
