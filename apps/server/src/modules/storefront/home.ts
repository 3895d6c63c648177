import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import { capCubes, isLayoutContentLive, isSpringboardVisible, type Area } from '@lantern/domain';
import type { HomeResponse, LayoutContent } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { toTimestamp } from '../../platform/clock.ts';
import type { Viewer } from '../../platform/viewer.ts';
import { customLayouts, layoutContents } from './tables.ts';
import { loadContents, presentContents, type ContentKind, type ContentRecord } from './content.ts';
import { loadHomeBlocks } from './home-blocks.ts';

/** Some cube kinds show at most a few cubes (Hot_Group 4, Mall_Index_Headline 3; docs/product/catalogue.md#cube-caps); others are not capped. */
export function capCubesByKind(cubes: readonly ContentRecord[]): ContentRecord[] {
  const groups = new Map<string, ContentRecord[]>();
  for (const cube of cubes) groups.set(cube.cubeKind ?? '', [...(groups.get(cube.cubeKind ?? '') ?? []), cube]);
  const kept = new Set([...groups].flatMap(([kind, items]) => capCubes(kind, items)));
  return cubes.filter((c) => kept.has(c));
}

/** The first spring board still showing (only until its ended_at_timestamp, docs/product/catalogue.md#spring-board). */
export function visibleSpringboard(boards: readonly ContentRecord[], now: Date): ContentRecord | null {
  const nowSec = toTimestamp(now);
  return boards.find((b) => isSpringboardVisible(toTimestamp(b.endedAt), nowSec)) ?? null;
}

/** Ids of the live packs of the area's published custom layouts; the client loads them in batches of 30 (docs/product/catalogue.md#layout-packs). */
async function livePackIds(deps: Deps, area: Area): Promise<number[]> {
  const now = deps.clock.now();
  const rows = await deps.db
    .select({ id: layoutContents.id, startedAt: layoutContents.startedAt, endedAt: layoutContents.endedAt })
    .from(layoutContents)
    .innerJoin(customLayouts, eq(customLayouts.id, layoutContents.layoutId))
    .where(
      and(
        eq(layoutContents.area, area),
        eq(layoutContents.kind, 'pack'),
        eq(layoutContents.placement, 'layout'),
        eq(layoutContents.status, 'published'),
        eq(customLayouts.area, area),
        eq(customLayouts.status, 'published'),
        or(isNull(layoutContents.endedAt), gt(layoutContents.endedAt, now)),
      ),
    )
    .orderBy(asc(customLayouts.id), asc(layoutContents.position), asc(layoutContents.id));
  const nowSec = toTimestamp(now);
  return rows.filter((r) => isLayoutContentLive(toTimestamp(r.startedAt), toTimestamp(r.endedAt), nowSec)).map((r) => r.id);
}

/**
 * GET /api/v7/home: every block of the store home in a bounded number of queries (the live content, the
 * pack ids, then the relations, SKUs, tags and tag rows of everything shown). Flash sales, coupon areas
 * and point-redeem draws come from the modules that provide them (`home-blocks.ts`).
 */
export async function getHome(deps: Deps, viewer: Viewer): Promise<HomeResponse> {
  const [contents, packIds, provided] = await Promise.all([
    loadContents(deps, { area: viewer.area, placement: 'store' }),
    livePackIds(deps, viewer.area),
    loadHomeBlocks(deps, viewer),
  ]);
  const ofKind = (kind: ContentKind) => contents.filter((c) => c.kind === kind);
  const springboard = visibleSpringboard(ofKind('springboard'), deps.clock.now());
  const blocks = {
    banners: ofKind('banner'),
    tagged: ofKind('tagged'),
    booths: ofKind('booth'),
    boxes: ofKind('box'),
    cubes: capCubesByKind(ofKind('cube')),
    ellipses: ofKind('ellipse'),
  };
  const shown = [...Object.values(blocks).flat(), ...(springboard ? [springboard] : [])];
  const presented = new Map((await presentContents(deps, viewer, shown)).map((c) => [c.id, c]));
  const present = (list: ContentRecord[]): LayoutContent[] => list.map((c) => presented.get(c.id)!);
  return {
    banners: present(blocks.banners),
    springboard: springboard ? presented.get(springboard.id)! : null,
    tagged: present(blocks.tagged),
    booths: present(blocks.booths),
    boxes: present(blocks.boxes),
    cubes: present(blocks.cubes),
    ellipses: present(blocks.ellipses),
    seckills: provided.seckills,
    coupon_areas: provided.coupon_areas,
    point_redeems: provided.point_redeems,
    headlines: provided.headlines,
    pack_ids: packIds,
  };
}

/** One live booth or box of the store (GET /api/v7/booths/{id}, /api/v7/boxes/{id}). */
export async function getContent(deps: Deps, viewer: Viewer, kind: ContentKind, id: number): Promise<LayoutContent> {
  const [row] = await loadContents(deps, { area: viewer.area, kinds: [kind], ids: [id] });
  if (!row) throw fail.notFound();
  const [content] = await presentContents(deps, viewer, [row]);
  return content!;
}

/** GET /api/springboard. */
export async function getSpringboard(deps: Deps, viewer: Viewer): Promise<LayoutContent | null> {
  const board = visibleSpringboard(await loadContents(deps, { area: viewer.area, placement: 'store', kinds: ['springboard'] }), deps.clock.now());
  return board ? ((await presentContents(deps, viewer, [board]))[0] ?? null) : null;
}

/** GET /api/cubes: the store's cubes, of one kind when asked, each kind capped. */
export async function listCubes(deps: Deps, viewer: Viewer, cubeKind?: string): Promise<LayoutContent[]> {
  const cubes = await loadContents(deps, { area: viewer.area, placement: 'store', kinds: ['cube'] });
  return presentContents(deps, viewer, capCubesByKind(cubeKind === undefined ? cubes : cubes.filter((c) => c.cubeKind === cubeKind)));
}

/** GET /api/ellipses. */
export async function listEllipses(deps: Deps, viewer: Viewer): Promise<LayoutContent[]> {
  return presentContents(deps, viewer, await loadContents(deps, { area: viewer.area, placement: 'store', kinds: ['ellipse'] }));
}
