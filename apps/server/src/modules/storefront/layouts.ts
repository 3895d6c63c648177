import { and, asc, eq, inArray } from 'drizzle-orm';
import type { LayoutContent } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { Viewer } from '../../platform/viewer.ts';
import { customLayouts } from './tables.ts';
import { loadContents, presentContents } from './content.ts';

export interface LayoutOptions {
  /** Staff preview: draft layouts and packs, and packs not started yet. */
  preview: boolean;
}

function layoutsWhere(viewer: Viewer, options: LayoutOptions, ids?: number[], slug?: string) {
  return and(
    eq(customLayouts.area, viewer.area),
    options.preview ? undefined : eq(customLayouts.status, 'published'),
    ids === undefined ? undefined : inArray(customLayouts.id, ids.length > 0 ? ids : [0]),
    slug === undefined ? undefined : eq(customLayouts.slug, slug),
  );
}

/** GET /api/custom/layouts (and its preview): the area's custom layouts with their live packs. */
export async function listLayouts(deps: Deps, viewer: Viewer, options: LayoutOptions & { slug?: string }) {
  const layouts = await deps.db.select().from(customLayouts).where(layoutsWhere(viewer, options, undefined, options.slug)).orderBy(asc(customLayouts.id));
  const packs = await loadContents(deps, { area: viewer.area, placement: 'layout', kinds: ['pack'], layoutIds: layouts.map((l) => l.id), preview: options.preview });
  const presented = await presentContents(deps, viewer, packs);
  const layoutOf = new Map(packs.map((p) => [p.id, p.layoutId]));
  return {
    layouts: layouts.map((l) => ({
      id: l.id,
      slug: l.slug,
      title: l.title,
      status: l.status,
      packs: presented.filter((p) => layoutOf.get(p.id) === l.id),
    })),
  };
}

/**
 * GET /api/custom/packs?ids[]=… (and its preview): the packs asked for that show, in the order asked. A
 * pack shows only within a layout that shows, so a draft layout's packs stay hidden until it is published.
 */
export async function getPacks(deps: Deps, viewer: Viewer, ids: number[], options: LayoutOptions): Promise<LayoutContent[]> {
  const packs = await loadContents(deps, { area: viewer.area, placement: 'layout', kinds: ['pack'], ids, preview: options.preview });
  const layoutIds = [...new Set(packs.map((p) => p.layoutId).filter((id): id is number => id !== null))];
  const shownLayouts = layoutIds.length === 0 ? [] : await deps.db.select({ id: customLayouts.id }).from(customLayouts).where(layoutsWhere(viewer, options, layoutIds));
  const shown = new Set(shownLayouts.map((l) => l.id));
  const visible = packs.filter((p) => p.layoutId !== null && shown.has(p.layoutId));
  const byId = new Map((await presentContents(deps, viewer, visible)).map((p) => [p.id, p]));
  return [...new Set(ids)].map((id) => byId.get(id)).filter((p): p is LayoutContent => p !== undefined);
}
