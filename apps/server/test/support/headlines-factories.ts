import sharp from 'sharp';
import type { Area } from '@lantern/domain';
import type { TestApp } from './harness.ts';
import { headlines, headlineSections } from '../../src/modules/headlines/tables.ts';
import { storeImageFor } from '../../src/modules/uploads/index.ts';

let n = 0;

/** A section (a tab unless `parentId` names its section). */
export async function makeSection(t: TestApp, values: Partial<typeof headlineSections.$inferInsert> = {}) {
  n += 1;
  const [row] = await t.deps.db.insert(headlineSections).values({ name: { en: `Section ${n}`, chs: `栏目${n}` }, category: 'news', position: n, ...values }).returning();
  return row!;
}

/** A published article written straight into the table, `minutesAgo` before the test clock's now. */
export async function makeHeadline(t: TestApp, authorId: number, sectionId: number, values: Partial<typeof headlines.$inferInsert> & { minutesAgo?: number } = {}) {
  n += 1;
  const { minutesAgo = 0, ...rest } = values;
  const [row] = await t.deps.db.insert(headlines).values({
    area: 'native' as Area, sectionId, accountId: authorId, title: `Headline ${n}`, summary: `Summary ${n}`, contentHtml: `<p>Body ${n}</p>`,
    publishedAt: new Date(t.clock.now().getTime() - minutesAgo * 60_000), ...rest,
  }).returning();
  return row!;
}

/** An image the account uploaded (its large size's URL), as the editor's upload would give. */
export async function uploadedImage(t: TestApp, accountId: number, area: Area = 'native'): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#335577' } }).png().toBuffer();
  const upload = await storeImageFor(t.deps, accountId, area, png);
  return (upload.sizes.find((s) => s.name === 'large') ?? upload.sizes[0]!).url;
}
