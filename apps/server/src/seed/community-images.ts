import sharp from 'sharp';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../platform/deps.ts';
import { posts } from '../modules/community/tables.ts';
import { plainTextOf, sanitizeRichText } from '../modules/community/index.ts';
import { storeImageFor } from '../modules/uploads/index.ts';

/** Three demo pictures: a sky, hills and a sun in the palette of each, drawn by sharp from SVG at seed time. */
const SCENES = [
  { sky: '#1e3a5f', hills: '#2f6f4f', sun: '#f0c040' },
  { sky: '#5f1e3a', hills: '#6f4f2f', sun: '#f08040' },
  { sky: '#20303f', hills: '#3f5f6f', sun: '#e0e0f0' },
];

function scene(colors: (typeof SCENES)[number]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="540">`
    + `<rect width="960" height="540" fill="${colors.sky}"/><circle cx="720" cy="150" r="70" fill="${colors.sun}"/>`
    + `<path d="M0 400 Q 240 280 480 400 T 960 380 V 540 H 0 Z" fill="${colors.hills}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Gives the first long published posts on each site a picture, stored through the uploads module as their
 * author's own upload (so the store, the sizes and the post's image all exist as a real one would).
 */
export async function seedPostImages(deps: Deps): Promise<{ images: number }> {
  let images = 0;
  for (const area of ['native', 'abroad'] as const) {
    const chosen = await deps.db.select().from(posts)
      .where(and(eq(posts.area, area), eq(posts.type, 'Post'), eq(posts.isLong, true), eq(posts.status, 'published'), isNull(posts.deletedAt)))
      .orderBy(asc(posts.id)).limit(area === 'native' ? 2 : 1);
    for (const post of chosen) {
      const upload = await storeImageFor(deps, post.accountId, area, await scene(SCENES[images % SCENES.length]!));
      const large = upload.sizes.find((s) => s.name === 'large') ?? upload.sizes[0]!;
      const html = sanitizeRichText(`${post.contentHtml}<p><img src="${large.url}" alt=""></p>`);
      await deps.db.update(posts).set({ contentHtml: html, plainText: plainTextOf(html) }).where(eq(posts.id, post.id));
      images++;
    }
  }
  return { images };
}
