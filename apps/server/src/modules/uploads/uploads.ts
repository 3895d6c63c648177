import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import {
  GUEST_UPLOAD_KEEP_HOURS, GUEST_UPLOADS_PER_FORM, GUEST_UPLOADS_PER_IP_PER_HOUR, GUEST_UPLOADS_PER_SITE_PER_HOUR, isGuestUploadMime,
  isGuestUploadSizeAllowed, isUploadSizeAllowed, watermarkApplies, watermarkLatinText, watermarkText, type Area,
} from '@lantern/domain';
import type { UploadResult } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import type { PeriodicJob } from '../../platform/jobs.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { findAccount } from '../accounts/index.ts';
import { assertMayWrite } from '../moderation/index.ts';
import { isUploadInUse } from './uses.ts';
import { makeVariants, sniffImage, watermarkLine } from './images.ts';
import { cjkFontFamily } from './fonts.ts';
import { isGuestPolicy, type UploadPolicy } from './policy.ts';
import { uploads, type StoredSize } from './tables.ts';

/**
 * Storing an upload (docs/product/engagement.md#uploads): the account the policy names must still exist;
 * it may upload so many images an hour and a day (fewer when new), and not while muted or banned; the file must be an accepted image by its content and at most
 * 4 MB; every size is re-encoded (metadata gone) and watermarked when the owner asked for it and the
 * account's region is cn (on either site); the sizes are written to the store, then the upload recorded. A failure after writing
 * removes what was written.
 */
export async function storeUpload(deps: Deps, policy: UploadPolicy, file: Buffer, ip = ''): Promise<UploadResult> {
  if (isGuestPolicy(policy)) return storeGuestUpload(deps, policy, file, ip);
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
  return writeUpload(deps, policy, file, mime, line, { accountId: account.id, guestGrant: null, watermarked });
}

/**
 * A guest's upload for an appeal form (docs/product/engagement.md#guest-uploads). Counted before anything is
 * compared: every guest of the site this hour, this address this hour, this form ever (429 `rate_limit`); then
 * at most 3 MB (413) of a photograph or screenshot by its content (422 `file: format_invalid` for anything else,
 * an animation included). No watermark: there is no nickname, and staff need the picture as taken.
 */
async function storeGuestUpload(deps: Deps, policy: UploadPolicy & { guest: string }, file: Buffer, ip: string): Promise<UploadResult> {
  for (const [key, limit, seconds] of [
    [`guest-uploads-site:${policy.area}`, GUEST_UPLOADS_PER_SITE_PER_HOUR, 3600],
    [`guest-uploads-ip:${ip}`, GUEST_UPLOADS_PER_IP_PER_HOUR, 3600],
    [`guest-uploads-form:${policy.guest}`, GUEST_UPLOADS_PER_FORM, 2 * 3600],
  ] as const) {
    const budget = await deps.limiter.hit(key, limit, seconds);
    if (!budget.allowed) throw fail.tooMany('rate_limit', budget.retryAfter);
  }
  if (!isGuestUploadSizeAllowed(file.length)) throw new AppError(file.length === 0 ? 400 : 413, { file: [file.length === 0 ? 'blank' : 'too_large'] });
  const mime = await sniffImage(file);
  if (!isGuestUploadMime(mime)) throw fail.unprocessable('file', 'format_invalid');
  return writeUpload(deps, policy, file, mime, null, { accountId: null, guestGrant: policy.guest, watermarked: false });
}

/** Writes every size to the store, then the record; a failure after writing removes what was written. */
async function writeUpload(
  deps: Deps, policy: UploadPolicy, file: Buffer, mime: Awaited<ReturnType<typeof sniffImage>>, line: Parameters<typeof makeVariants>[2],
  owner: { accountId: number | null; guestGrant: string | null; watermarked: boolean },
): Promise<UploadResult> {
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
      ...owner, key, sizes, mime, bytes: file.length, width: original.width, height: original.height, area: policy.area, createdAt: deps.clock.now(),
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

/** `u/{account}/{purpose}/{id}/{size}.{ext}` (or `g/{grant}/appeal/…` for a guest's): the key of one stored size. */
const SIZE_KEY = /^((?:u\/\d+\/[a-z]+|g\/[0-9a-f]{24}\/appeal)\/[0-9a-f]{20})\/(original|large|thumb)\.(png|jpg|webp|gif)$/;

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
  const { keyed, folders } = foldersOf(deps, urls);
  if (folders.length === 0) return [];
  const rows = await deps.db.select({ sizes: uploads.sizes }).from(uploads)
    .where(and(eq(uploads.accountId, accountId), inArray(uploads.key, folders)));
  const owned = new Set(rows.flatMap((r) => r.sizes.map((s) => s.key)));
  return keyed.filter(({ key }) => key !== null && owned.has(key)).map(({ url }) => url);
}

/** The upload folders of these URLs that are sizes of uploads of ours, with the URLs naming each. */
function foldersOf(deps: Deps, urls: readonly string[]) {
  const keyed = urls.map((url) => ({ url, key: keyOfUrl(deps, url) }));
  return { keyed, folders: [...new Set(keyed.flatMap(({ key }) => (key ? [SIZE_KEY.exec(key)![1]!] : [])))] };
}

/**
 * Which of these URLs are sizes of images uploaded under this guest grant (an appeal form's,
 * docs/product/engagement.md#guest-uploads). Answers the subset of `urls`, in their order.
 */
export async function findGuestUploads(db: DbOrTx, deps: Deps, grant: string, urls: readonly string[]): Promise<string[]> {
  const { keyed, folders } = foldersOf(deps, urls);
  if (folders.length === 0) return [];
  const rows = await db.select({ sizes: uploads.sizes }).from(uploads).where(and(eq(uploads.guestGrant, grant), inArray(uploads.key, folders)));
  const owned = new Set(rows.flatMap((r) => r.sizes.map((s) => s.key)));
  return keyed.filter(({ key }) => key !== null && owned.has(key)).map(({ url }) => url);
}

/** Marks the grant's uploads these URLs point at as kept by a filed appeal, in the caller's transaction: the sweep leaves them. */
export async function keepGuestUploads(tx: DbOrTx, deps: Deps, grant: string, urls: readonly string[], now: Date): Promise<void> {
  const { folders } = foldersOf(deps, urls);
  if (folders.length === 0) return;
  await tx.update(uploads).set({ keptAt: now }).where(and(eq(uploads.guestGrant, grant), inArray(uploads.key, folders), isNull(uploads.keptAt)));
}

/**
 * Removes guests' uploads no filed appeal kept, a day after they were made (`isGuestUploadStale`), a batch at a
 * time: the records first, then every stored size (a failure leaves unreachable files, never a record of missing
 * ones). Answers how many went.
 */
export async function sweepGuestUploads(deps: Deps): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - GUEST_UPLOAD_KEEP_HOURS * 3_600_000);
  const stale = deps.db.select({ id: uploads.id }).from(uploads)
    .where(and(isNull(uploads.accountId), isNull(uploads.keptAt), lte(uploads.createdAt, cutoff))).orderBy(uploads.createdAt).limit(200);
  const gone = await deps.db.delete(uploads).where(inArray(uploads.id, stale)).returning({ sizes: uploads.sizes });
  await Promise.allSettled(gone.flatMap((row) => row.sizes.map((s) => deps.storage.delete(s.key))));
  return gone.length;
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

/** Hourly: guests' uploads no appeal kept go a day after they were made. */
export const guestUploadSweepJob: PeriodicJob = { name: 'uploads.guest-sweep', everyMs: 3_600_000, run: sweepGuestUploads };

/** An image of ours as a page shows it: the URL it was given as, its thumbnail and its full size. */
export interface UploadedImage {
  url: string;
  thumb_url: string;
  full_url: string;
  width: number | null;
  height: number | null;
}

/**
 * For each URL (a size of an upload of ours, as an appeal keeps its attachments), its upload's thumbnail and full
 * size (the original), in one statement: a list of pictures shows small ones that open large. A URL that is no
 * longer stored (or never was ours) is answered as itself, with no size known.
 */
export async function uploadedImages(db: DbOrTx, deps: Deps, urls: readonly string[]): Promise<UploadedImage[]> {
  const { keyed, folders } = foldersOf(deps, urls);
  const rows = folders.length === 0 ? [] : await db.select({ key: uploads.key, sizes: uploads.sizes, width: uploads.width, height: uploads.height }).from(uploads).where(inArray(uploads.key, folders));
  const byFolder = new Map(rows.map((r) => [r.key, r]));
  return keyed.map(({ url, key }) => {
    const row = key ? byFolder.get(SIZE_KEY.exec(key)![1]!) : undefined;
    if (!row) return { url, thumb_url: url, full_url: url, width: null, height: null };
    const sizeUrl = (name: string) => {
      const size = row.sizes.find((s) => s.name === name);
      return size ? deps.storage.publicUrl(size.key) : url;
    };
    return { url, thumb_url: sizeUrl('thumb'), full_url: sizeUrl('original'), width: row.width, height: row.height };
  });
}
