import { headlineDraftProblems, type Area, type HeadlineItem } from '@lantern/domain';
import type { HeadlineDraftFields } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { AppError, type FieldErrors } from '../../platform/errors.ts';
import { publicAccountsByIds } from '../accounts/index.ts';
import { loadViewableSkuRows } from '../catalog/index.ts';
import { keepOwnImages, plainTextOf, sanitizeRichText } from '../community/index.ts';
import { findUploads } from '../uploads/index.ts';
import { allSections } from './sections.ts';
import type { HeadlineRadio } from './tables.ts';

/** A draft's fields as stored. */
export interface DraftValues {
  sectionId: number | null;
  title: string;
  summary: string;
  contentHtml: string;
  coverUrl: string | null;
  items: HeadlineItem[];
  skuId: number | null;
  radio: HeadlineRadio;
}

/**
 * The body through the community's sanitiser (docs/product/community.md#rich-text), keeping only images the
 * author uploaded: an article shows our uploads, and only its writer's own.
 */
function cleanContent(deps: Deps, accountId: number, html: string): Promise<string> {
  return keepOwnImages(deps, accountId, sanitizeRichText(html));
}

/**
 * The draft's fields after an edit: the stored ones with the request's on top, sanitised and checked
 * (docs/product/headlines.md#drafts). A section that does not exist, games not sold on their site, a selected
 * SKU not sold on the draft's site, unknown radio hosts and a cover or attachment that is not the author's
 * upload are `invalid`; the domain's limits come with their own reasons. `ready` adds what submitting needs.
 * Throws 422 with every problem at once.
 */
export async function checkedDraft(deps: Deps, accountId: number, area: Area, before: DraftValues, edit: HeadlineDraftFields, ready: boolean): Promise<DraftValues> {
  const next: DraftValues = {
    sectionId: edit.section_id === undefined ? before.sectionId : edit.section_id,
    title: edit.title === undefined ? before.title : edit.title.trim(),
    summary: edit.summary === undefined ? before.summary : edit.summary.trim(),
    contentHtml: edit.content === undefined ? before.contentHtml : await cleanContent(deps, accountId, edit.content),
    coverUrl: edit.cover_url === undefined ? before.coverUrl : edit.cover_url,
    items: edit.items === undefined ? before.items : edit.items,
    skuId: edit.sku_id === undefined ? before.skuId : edit.sku_id,
    radio: edit.radio === undefined ? before.radio : { accountIds: [...new Set(edit.radio.account_ids)], attachment: edit.radio.attachment ?? null },
  };
  const errors: FieldErrors = {};
  const add = (field: string, reason: 'invalid') => (errors[field] ??= []).includes(reason) || errors[field]!.push(reason);
  const problems = headlineDraftProblems({
    title: next.title, summary: next.summary, contentText: plainTextOf(next.contentHtml), sectionId: next.sectionId,
    items: next.items, skuId: next.skuId, radioAccountIds: next.radio.accountIds,
  }, ready);
  for (const [field, reasons] of Object.entries(problems)) errors[field] = reasons as FieldErrors[string];

  const uploads = [next.coverUrl, next.radio.attachment].filter((u): u is string => u !== null && u !== '');
  const [sections, owned, hosts, native, abroad] = await Promise.all([
    next.sectionId === null ? Promise.resolve([]) : allSections(deps),
    uploads.length ? findUploads(deps, accountId, uploads) : Promise.resolve([]),
    publicAccountsByIds(deps.db, next.radio.accountIds),
    loadViewableSkuRows(deps.db, [...next.items.filter((i) => i.area === 'native').map((i) => i.game_id), ...(area === 'native' && next.skuId ? [next.skuId] : [])], 'native'),
    loadViewableSkuRows(deps.db, [...next.items.filter((i) => i.area === 'abroad').map((i) => i.game_id), ...(area === 'abroad' && next.skuId ? [next.skuId] : [])], 'abroad'),
  ]);
  if (next.sectionId !== null && !sections.some((s) => s.id === next.sectionId)) add('section_id', 'invalid');
  if (next.coverUrl && !owned.includes(next.coverUrl)) add('cover_url', 'invalid');
  if (next.radio.attachment && !owned.includes(next.radio.attachment)) add('radio', 'invalid');
  if (next.radio.accountIds.some((id) => !hosts.has(id))) add('radio', 'invalid');
  const sold = { native: new Set(native.map((r) => r.sku.id)), abroad: new Set(abroad.map((r) => r.sku.id)) };
  if (next.items.some((i) => !sold[i.area].has(i.game_id))) add('items', 'invalid');
  if (next.skuId !== null && !sold[area].has(next.skuId)) add('sku_id', 'invalid');
  if (Object.keys(errors).length) throw new AppError(422, errors);
  return next;
}
