import { randomBytes } from 'node:crypto';
import type { TestApp } from './harness.ts';
import { uploads } from '../../src/modules/uploads/tables.ts';

/**
 * An upload of the account as POST /uploads records it (three sizes of one image), without the image work:
 * for tests of what rich text may show. Answers the URL of its large size.
 */
export async function makeUploadRecord(t: TestApp, accountId: number): Promise<string> {
  const key = `u/${accountId}/community/${randomBytes(10).toString('hex')}`;
  const size = (name: 'original' | 'large' | 'thumb', w: number) => ({ name, key: `${key}/${name}.webp`, width: w, height: w, bytes: 1000 });
  await t.deps.db.insert(uploads).values({
    accountId, key, sizes: [size('original', 800), size('large', 640), size('thumb', 160)], mime: 'image/webp', bytes: 1000, width: 800, height: 800,
    area: 'native', watermarked: false, createdAt: t.clock.now(),
  });
  return `/uploads/${key}/large.webp`;
}
