import { and, desc, eq, gt } from 'drizzle-orm';
import { APPEAL_TOKEN_CHECKS_PER_IP_PER_HOUR, APPEAL_TRACKING_TTL_DAYS, type Area } from '@lantern/domain';
import type { AppealsResponse } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { hashToken, newToken } from '../../platform/crypto.ts';
import { fail } from '../../platform/errors.ts';
import { consumeAppealContactCode, normalizeAppealContact } from '../accounts/index.ts';
import { presentAppeal, withAttachmentImages } from './present.ts';
import { appealTrackers, appeals } from './tables.ts';

/**
 * How the contact sees its appeals (docs/product/engagement.md#appeal-tracking): a tracking token, answered
 * when filing and e-mailed to the contact, valid APPEAL_TRACKING_TTL_DAYS; only its hash is kept. A contact who
 * lost it proves the e-mail again with a code (purpose appeal) and gets a new one.
 */
export async function issueTracker(deps: Deps, db: DbOrTx, area: Area, connectEmail: string, now: Date): Promise<string> {
  const token = newToken();
  await db.insert(appealTrackers).values({
    tokenHash: hashToken(token), area, connectEmail, createdAt: now, expiresAt: new Date(now.getTime() + APPEAL_TRACKING_TTL_DAYS * 86_400_000),
  });
  return token;
}

/** Counts one token or code check of this address before anything is compared: 429 `rate_limit` past the budget. */
export async function countTokenCheck(deps: Deps, ip: string) {
  const hit = await deps.limiter.hit(`appeal-token-ip:${ip}`, APPEAL_TOKEN_CHECKS_PER_IP_PER_HOUR, 3600);
  if (!hit.allowed) throw fail.tooMany('rate_limit', hit.retryAfter);
}

/**
 * GET /api/appeals. The tracking token (header `x-appeal-tracking`) or `connect_email` + `number`; neither, or a
 * token unknown or expired: 401 `unauthorized`. With `id`: that appeal of the contact on this site, or 404.
 */
export async function listAppeals(
  deps: Deps, area: Area, ip: string, tracking: string | undefined, query: { id?: number; connect_email?: string; number?: string },
): Promise<AppealsResponse> {
  await countTokenCheck(deps, ip);
  const now = deps.clock.now();
  let connectEmail: string;
  let newTracking: string | null = null;
  if (tracking) {
    const [row] = await deps.db.select().from(appealTrackers)
      .where(and(eq(appealTrackers.tokenHash, hashToken(tracking)), eq(appealTrackers.area, area), gt(appealTrackers.expiresAt, now)));
    if (!row) throw fail.unauthorized('token_invalid');
    connectEmail = row.connectEmail;
  } else if (query.connect_email && query.number) {
    const email = normalizeAppealContact('email', query.connect_email, area);
    if (!email) throw fail.unprocessable('connect_email', 'invalid');
    await consumeAppealContactCode(deps, email, query.number);
    connectEmail = email;
    newTracking = await issueTracker(deps, deps.db, area, email, now);
  } else throw fail.unauthorized();

  const mine = and(eq(appeals.connectEmail, connectEmail), eq(appeals.area, area));
  if (query.id !== undefined) {
    const [row] = await deps.db.select().from(appeals).where(and(mine, eq(appeals.id, query.id)));
    if (!row) throw fail.notFound();
    return { appeals: [], appeal: await withAttachmentImages(deps.db, deps, presentAppeal(row, now)), tracking_token: newTracking };
  }
  const rows = await deps.db.select().from(appeals).where(mine).orderBy(desc(appeals.id)).limit(50);
  return { appeals: rows.map((r) => presentAppeal(r, now)), appeal: null, tracking_token: newTracking };
}
