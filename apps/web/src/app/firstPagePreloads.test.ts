import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMUNITY_API } from '@lantern/contract';
import { PAGE_SIZES } from '@lantern/domain';
import { buildUrl } from '../lib/api';
import { paths } from '../lib/paths';
import { ROUTE_TEXTS } from './routeTexts';

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

  it('fetch the locale bundles the landed page loads with its route', () => {
    const pages = [...config.matchAll(/\['(\^[^']+)', closure\([^\n]*?texts\('([\w-]+)'\)\]/g)].map((m) => ({ pattern: new RegExp(m[1]!.replace(/\\\\/g, '\\')), bundle: m[2]! }));
    expect(pages.length).toBeGreaterThan(5);
    for (const [path, bundles] of Object.entries(ROUTE_TEXTS)) {
      const landed = pages.filter((p) => p.pattern.test(path.replace(':id', '12')));
      for (const page of landed) expect([page.bundle], path).toEqual(bundles);
    }
    expect(pages.filter((p) => p.pattern.test(paths.root) || p.pattern.test(paths.home)).map((p) => p.bundle)).toEqual(['home']);
  });
});
