import { eq } from 'drizzle-orm';
import {
  APPEAL_DESCRIPTION_MAX, APPEAL_MAX_ATTACHMENTS, APPEAL_TEXT_MAX, APPEALS_PER_CONTACT_PER_DAY, APPEALS_PER_IP_PER_HOUR,
  appealEvidenceScore, type AppealEvidence, type Site,
} from '@lantern/domain';
import type { FileAppealRequest } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { AppError, FieldErrorList, fail } from '../../platform/errors.ts';
import { appealPasswordMatches, consumeAppealContactCode, findAppealedAccount, normalizeAppealContact } from '../accounts/index.ts';
import { loadSkuRows } from '../catalog/index.ts';
import { ownedProductsOf } from '../library/index.ts';
import { findGuestUploads, keepGuestUploads } from '../uploads/index.ts';
import { issueTracker } from './tracking.ts';
import { appealMessage, send, trackingLink, languageOf } from './texts.ts';
import { presentAppeal } from './present.ts';
import { uploadGrantOf, verifyAppealSignature } from './signature.ts';
import { appeals } from './tables.ts';

const blankToNull = (v: string | undefined) => (v === undefined || v.trim() === '' ? null : v.trim());

/** Did the account ever get a game whose name (either language) contains what the appellant typed? */
async function ownsGameNamed(deps: Deps, accountId: number, site: Site, game: string): Promise<boolean> {
  const wanted = game.trim().toLowerCase();
  if (wanted.length < 2) return false;
  const owned = await ownedProductsOf(deps.db, accountId, site.area);
  if (owned.length === 0) return false;
  const rows = await loadSkuRows(deps.db, owned.map((o) => o.skuId));
  return rows.some((r) => r.sku.searchText.includes(wanted));
}

/**
 * POST /api/appeals (docs/product/engagement.md#appeal-form). In this order, so that nothing secret is compared
 * before it is counted and a doomed form spends neither the captcha nor the code:
 * 1. budgets per address (10 an hour) and per contact e-mail (3 a day) — 429 `rate_limit`;
 * 2. the form's signature — 422 `signature: invalid | expired`;
 * 3. the fields — `connect_email`, `email`/`phone_number` (one at least), `description`, `attachments: over_limit`
 *    (more than 5) or `invalid` (not images uploaded with this form's grant, or one twice);
 * 4. the captcha — 422 `captcha: invalid`; 5. the code sent to the contact e-mail — 422 `message: invalid | expired`;
 * 6. the account — 404 `account: not_found`; on another site — 422 `region: mismatch` (account_not_in_current_region).
 * Evidence is computed here (the typed password is compared and forgotten) and kept for staff only.
 */
export async function fileAppeal(deps: Deps, site: Site, ip: string, input: FileAppealRequest['appeal']) {
  const byIp = await deps.limiter.hit(`appeal-file-ip:${ip}`, APPEALS_PER_IP_PER_HOUR, 3600);
  if (!byIp.allowed) throw fail.tooMany('rate_limit', byIp.retryAfter);
  const nonce = verifyAppealSignature(deps, site.area, input.signature);
  const [used] = await deps.db.select({ id: appeals.id }).from(appeals).where(eq(appeals.signatureNonce, nonce)).limit(1);
  if (used) throw fail.unprocessable('signature', 'invalid');

  const errors = new FieldErrorList();
  const connectEmail = input.connect_email.trim() ? normalizeAppealContact('email', input.connect_email, site.area) : null;
  if (!input.connect_email.trim()) errors.add('connect_email', 'blank');
  else if (!connectEmail) errors.add('connect_email', 'invalid');
  const rawEmail = blankToNull(input.email);
  const rawPhone = blankToNull(input.phone_number);
  const knownEmail = rawEmail ? normalizeAppealContact('email', rawEmail, site.area) : null;
  const knownPhone = rawPhone ? normalizeAppealContact('sms', rawPhone, site.area) : null;
  if (!rawEmail && !rawPhone) errors.add(site.area === 'native' ? 'phone_number' : 'email', 'blank');
  if (rawEmail && !knownEmail) errors.add('email', 'invalid');
  if (rawPhone && !knownPhone) errors.add('phone_number', 'invalid');
  const description = input.description.trim();
  if (!description) errors.add('description', 'blank');
  else if (description.length > APPEAL_DESCRIPTION_MAX) errors.add('description', 'too_long');
  for (const field of ['city', 'game'] as const) if ((input[field]?.trim().length ?? 0) > APPEAL_TEXT_MAX) errors.add(field, 'too_long');
  // Attachments are images uploaded with this form's own grant (docs/product/engagement.md#guest-uploads).
  const grant = uploadGrantOf(deps, nonce);
  if (input.attachments.length > APPEAL_MAX_ATTACHMENTS) errors.add('attachments', 'over_limit');
  else if (new Set(input.attachments).size !== input.attachments.length
    || (await findGuestUploads(deps.db, deps, grant, input.attachments)).length !== input.attachments.length) errors.add('attachments', 'invalid');
  errors.throwIfAny(422, { max_attachments: APPEAL_MAX_ATTACHMENTS });

  const byContact = await deps.limiter.hit(`appeal-file-contact:${connectEmail}`, APPEALS_PER_CONTACT_PER_DAY, 86_400);
  if (!byContact.allowed) throw fail.tooMany('rate_limit', byContact.retryAfter);
  if (!(await deps.captcha.verify(input.captcha_id, input.captcha))) throw fail.unprocessable('captcha', 'invalid');
  await consumeAppealContactCode(deps, connectEmail!, input.message.number);

  const account = await findAppealedAccount(deps.db, knownEmail, knownPhone);
  if (!account) throw new AppError(404, { account: ['not_found'] });
  if (account.homeArea !== site.area) throw fail.unprocessable('region', 'mismatch', { account_not_in_current_region: true });

  const password = input.password ?? '';
  const game = blankToNull(input.game);
  const city = blankToNull(input.city);
  const evidence: AppealEvidence = {
    password_matches: password ? await appealPasswordMatches(deps.db, account.id, password) : null,
    game_owned: game ? await ownsGameNamed(deps, account.id, site, game) : null,
    email_matches: account.emailMatches,
    phone_matches: account.phoneMatches,
    city_given: city !== null,
    attachments: input.attachments.length,
  };
  const now = deps.clock.now();
  try {
    const result = await deps.db.transaction(async (tx) => {
      const [row] = await tx.insert(appeals).values({
        area: site.area, accountId: account.id, connectEmail: connectEmail!, knownEmail, knownPhone, city, game, description,
        attachments: input.attachments, evidence, score: appealEvidenceScore(evidence), signatureNonce: nonce, createdAt: now, updatedAt: now,
      }).returning();
      await keepGuestUploads(tx, deps, grant, input.attachments, now);
      const tracking = await issueTracker(deps, tx, site.area, connectEmail!, now);
      await send(deps, tx, 'email', connectEmail!, appealMessage('filed', languageOf(site.area), trackingLink(deps, site.area, tracking)));
      return { appeal: presentAppeal(row!, now), tracking_token: tracking };
    });
    deps.outbox.deliverSoon();
    return result;
  } catch (err) {
    const e = err as { code?: string; cause?: { code?: string } };
    // The same signature filed twice at once: the second loses on the unique nonce.
    if (e?.code === '23505' || e?.cause?.code === '23505') throw fail.unprocessable('signature', 'invalid');
    throw err;
  }
}
