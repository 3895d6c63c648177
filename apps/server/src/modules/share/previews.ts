import type { Area, ShareTargetType } from '@lantern/domain';
import { shareUrl } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';

/** What a shared page's link preview shows. */
export interface SharePreview {
  title: string;
  description: string;
}

/** A type's preview loader: the visible target's words, or null when it is not there. */
export type PreviewLoader = (deps: Deps, id: number) => Promise<SharePreview | null>;

const loaders = new Map<ShareTargetType, PreviewLoader>();

/** Registers a shared page's preview; the module owning the type calls it from its `setup`. */
export function registerSharePreview(type: ShareTargetType, loader: PreviewLoader): void {
  loaders.set(type, loader);
}

const PAGES: [RegExp, ShareTargetType][] = [[/^\/posts\/(\d{1,15})$/, 'Post'], [/^\/talks\/(\d{1,15})$/, 'Talk'], [/^\/headlines\/(\d{1,15})$/, 'Headline']];

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The Open Graph tags of a shared page (docs/product/people.md#share), or null for any other path or a target
 * that is not there: title, description, the page's canonical URL on this site, the site's name.
 */
export async function openGraphHead(deps: Deps, area: Area, siteName: string, path: string): Promise<string | null> {
  for (const [pattern, type] of PAGES) {
    const id = Number(path.match(pattern)?.[1]);
    if (!id) continue;
    const loader = loaders.get(type);
    const preview = loader ? await loader(deps, id) : null;
    if (!preview) return null;
    const tags: [string, string][] = [
      ['og:type', 'article'],
      ['og:site_name', siteName],
      ['og:title', preview.title.slice(0, 120)],
      ['og:description', preview.description.slice(0, 200)],
      ['og:url', shareUrl(deps.config.siteUrls, type, id, area)],
    ];
    return tags.map(([property, content]) => `<meta property="${property}" content="${escapeAttribute(content)}">`).join('');
  }
  return null;
}
