import { createHash, randomBytes } from 'node:crypto';
import { APPEAL_SIGNATURE_TTL_SECONDS, type Area } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { safeEqual } from '../../platform/crypto.ts';
import { fail } from '../../platform/errors.ts';

/**
 * The appeal form's signature (docs/product/engagement.md#appeal-form): `{expires}.{nonce}.{mac}`, the mac a
 * keyed hash of the site, the expiry and the nonce. It proves the form was fetched from us recently; the
 * nonce is unique among filed appeals, so one signature files one appeal.
 */
const macOf = (deps: Deps, area: Area, expires: number, nonce: string) => deps.secrets.hmac(`appeal-form:${area}:${expires}:${nonce}`);

export function issueAppealSignature(deps: Deps, area: Area): { signature: string; expires: number } {
  const expires = Math.floor(deps.clock.now().getTime() / 1000) + APPEAL_SIGNATURE_TTL_SECONDS;
  const nonce = randomBytes(16).toString('base64url');
  return { signature: `${expires}.${nonce}.${macOf(deps, area, expires, nonce)}`, expires };
}

/** The signature's nonce; 422 `signature: invalid` (altered, another site's) or `signature: expired`. */
export function verifyAppealSignature(deps: Deps, area: Area, signature: string): string {
  const [expiresText, nonce, mac, ...rest] = signature.split('.');
  const expires = Number(expiresText);
  if (rest.length > 0 || !nonce || !mac || !Number.isSafeInteger(expires) || !safeEqual(mac, macOf(deps, area, expires, nonce))) {
    throw fail.unprocessable('signature', 'invalid');
  }
  if (deps.clock.now().getTime() >= expires * 1000) throw fail.unprocessable('signature', 'expired');
  return nonce;
}

/**
 * The guest upload grant of one form (docs/product/engagement.md#guest-uploads): 24 hex characters derived from
 * the signature's nonce with a key only the server has, so the folder in an attachment's URL names the form
 * without revealing its signature, and nobody can make a grant for a form they were not given.
 */
export const uploadGrantOf = (deps: Deps, nonce: string) =>
  createHash('sha256').update(deps.secrets.hmac(`appeal-upload-grant:${nonce}`)).digest('hex').slice(0, 24);

/** When a verified signature expires. */
export const signatureExpiry = (signature: string) => new Date(Number(signature.split('.')[0]) * 1000);
