import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { isUploadSizeAllowed, watermarkApplies, watermarkLatinText, watermarkText, type Area } from '@lantern/domain';
import type { UploadResult } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { findAccount } from '../accounts/index.ts';
import { assertMayWrite } from '../moderation/index.ts';
import { isUploadInUse } from './uses.ts';
import { makeVariants, sniffImage, watermarkLine } from './images.ts';
import { cjkFontFamily } from './fonts.ts';
import type { UploadPolicy } from './policy.ts';
import { uploads, type StoredSize } from './tables.ts';

/**
 * Storing an upload (docs/product/engagement.md#uploads): the account the policy names must still exist;
 * it may upload so many images an hour and a day (fewer when new), and not while muted or banned; the file must be an accepted image by its content and at most
 * 4 MB; every size is re-encoded (metadata gone) and watermarked when the owner asked for it and the
 * account's region is cn (on either site); the sizes are written to the store, then the upload recorded. A failure after writing
 * removes what was written.
 */
export async function storeUpload(deps: Deps, policy: UploadPolicy, file: Buffer): Promise<UploadResult> {
  const account = await findAccount(deps.db, policy.account_id);
  if (!account) throw new AppError(403, { policy: ['signature_invalid'] });
  const budget = await deps.limiter.hit(`uploads:${account.id}`, deps.config.UPLOADS_PER_ACCOUNT_PER_HOUR, 3600);
  if (!budget.allowed) throw fail.tooMany('rate_limit', budget.retryAfter);
  // A muted or banned account stores nothing (403), and the day's budget is counted before it is compared (429).
  await assertMayWrite(deps, account.id, 'upload');
  if (!isUploadSizeAllowed(file.length)) throw new AppError(file.length === 0 ? 400 : 413, { file: [file.length === 0 ? 'blank' : 'too_large'] });

  const mime = await sniffImage(file);
  const watermarked = watermarkApplies(account.waterMark, account.region);
  const line = watermarked ? watermarkLine(watermarkText(account.nickname), watermarkLatinText(account.nickname, account.id), cjkFontFamily()) : null;
  const variants = await makeVariants(file, mime, line);

  const key = `${policy.dir}${randomBytes(10).toString('hex')}`;
  const sizes: StoredSize[] = variants.map((v) => ({ name: v.name, key: `${key}/${v.name}.${v.ext}`, width: v.width, height: v.height, bytes: v.body.length }));
  const written: string[] = [];
  try {
    for (const [i, variant] of variants.entries()) {
      await deps.storage.put(sizes[i]!.key, variant.body, variant.mime);
      written.push(sizes[i]!.key);
    }
    const original = sizes[0]!;
    const [row] = await deps.db.insert(uploads).values({
      accountId: account.id, key, sizes, mime, bytes: file.length, width: original.width, height: original.height,
      area: policy.area, watermarked, createdAt: deps.clock.now(),
    }).returning();
    return present(deps, row!);
  } catch (err) {
    await Promise.allSettled(written.map((k) => deps.storage.delete(k)));
    throw err;
  }
}

function present(deps: Deps, row: typeof uploads.$inferSelect): UploadResult {
  const sizes = row.sizes.map((s) => ({ name: s.name, url: deps.storage.publicUrl(s.key), width: s.width, height: s.height, bytes: s.bytes }));
  return {
    id: row.id,
    key: row.key,
    url: sizes[0]!.url,
    mime: row.mime,
    width: row.width,
    height: row.height,
    watermarked: row.watermarked,
    area: row.area as Area,
    sizes,
    created_at_timestamp: toTimestamp(row.createdAt),
  };
}

/** `u/{account}/{purpose}/{id}/{size}.{ext}`: the key of one stored size. */
const SIZE_KEY = /^(u\/\d+\/[a-z]+\/[0-9a-f]{20})\/(original|large|thumb)\.(png|jpg|webp|gif)$/;

/** The store key a URL of ours points at, or null for anything else (another host, another path, a query). */
function keyOfUrl(deps: Deps, url: string): string | null {
  const bases = [
    '/uploads/',
    `${deps.config.siteUrls.native}/uploads/`,
    `${deps.config.siteUrls.abroad}/uploads/`,
    ...deps.storage.publicBases.map((b) => `${b}/`),
  ];
  const base = bases.find((b) => url.startsWith(b));
  if (!base) return null;
  const key = url.slice(base.length);
  return SIZE_KEY.test(key) ? key : null;
}

/** Whether a URL points at one of our stored uploads' sizes (an appeal's attachments, docs/product/engagement.md#appeal-form). */
export const isStoreUploadUrl = (deps: Deps, url: string) => keyOfUrl(deps, url) !== null;

/**
 * Which of these URLs are images this account uploaded (any of their sizes, as the upload answered them or
 * on either site's origin). Posts call it so rich text may show only our own uploads, and only the author's.
 * Answers the subset of `urls`, in their order.
 */
export async function findUploads(deps: Deps, accountId: number, urls: readonly string[]): Promise<string[]> {
  const keyed = urls.map((url) => ({ url, key: keyOfUrl(deps, url) }));
  const folders = [...new Set(keyed.flatMap(({ key }) => (key ? [SIZE_KEY.exec(key)![1]!] : [])))];
  if (folders.length === 0) return [];
  const rows = await deps.db.select({ sizes: uploads.sizes }).from(uploads)
    .where(and(eq(uploads.accountId, accountId), inArray(uploads.key, folders)));
  const owned = new Set(rows.flatMap((r) => r.sizes.map((s) => s.key)));
  return keyed.filter(({ key }) => key !== null && owned.has(key)).map(({ url }) => url);
}

/** The content type of a stored size, by its extension (the store wrote only these). */
export function contentTypeOfKey(key: string): string | null {
  const match = SIZE_KEY.exec(key);
  if (!match) return null;
  return { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' }[match[3] as 'png' | 'jpg' | 'webp' | 'gif'];
}

/**
 * DELETE /api/uploads/{id}: the owner removes an upload, every stored size through the storage interface, then
 * its record. Someone else's is 404 (as if it did not exist); one used in a post that is not a draft is 422
 * `upload: in_use` (its readers would see a broken image; decisions/0020).
 */
export async function deleteUpload(deps: Deps, accountId: number, id: number): Promise<void> {
  const [row] = await deps.db.select().from(uploads).where(and(eq(uploads.id, id), eq(uploads.accountId, accountId)));
  if (!row) throw fail.notFound();
  if (await isUploadInUse(deps, accountId, row.key)) throw fail.unprocessable('upload', 'in_use');
  const [gone] = await deps.db.delete(uploads).where(eq(uploads.id, id)).returning({ id: uploads.id });
  if (!gone) throw fail.notFound();
  // The record goes first: a failure here leaves unreachable files, never a record of missing ones.
  await Promise.allSettled(row.sizes.map((s) => deps.storage.delete(s.key)));
}

/**
 * Stores an image for an account as its own upload to a post would, without a browser's form (the demo seed's
 * pictures): the same checks, processing and record.
 */
export function storeImageFor(deps: Deps, accountId: number, area: Area, bytes: Buffer): Promise<UploadResult> {
  const policy: UploadPolicy = { expiration: deps.clock.now().toISOString(), account_id: accountId, area, dir: `u/${accountId}/post/`, bucket: 'local', purpose: 'post', conditions: [] };
  return storeUpload(deps, policy, bytes);
}
