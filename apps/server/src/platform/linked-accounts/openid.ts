import { createHmac } from 'node:crypto';
import { safeEqual } from '../crypto.ts';

/**
 * OpenID 2.0 as Steam speaks it (docs/product/linked-accounts.md#steam-openid): the relying party sends the
 * browser to the provider's endpoint with `checkid_setup`; the provider sends it back to `return_to` with a
 * positive assertion (`id_res`) whose listed fields are signed. This file holds the protocol's shape, shared
 * by the real Steam adapter and the sandbox, so both are checked by the same code.
 */
export const OPENID_NS = 'http://specs.openid.net/auth/2.0';
const IDENTIFIER_SELECT = 'http://specs.openid.net/auth/2.0/identifier_select';
/** Steam's claimed identifiers: the 64-bit SteamID after a fixed prefix. */
export const STEAM_CLAIMED_ID = /^https:\/\/steamcommunity\.com\/openid\/id\/(7656119\d{10})$/;
/** Fields that must be covered by the signature, or the assertion proves nothing about them. */
const MUST_SIGN = ['op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce', 'assoc_handle'];
/** How old a response nonce may be (and how far in the future, for clock skew). */
export const OPENID_NONCE_MAX_AGE_SECONDS = 5 * 60;

/** The provider's verdict on the signature: the real one is asked (`check_authentication`), the sandbox checks its own HMAC. */
export interface OpenIdSignatureCheck {
  verifySignature(params: Readonly<Record<string, string>>): Promise<boolean>;
}

/** Why an assertion is refused, as the API's reason for the `openid` field. */
export type OpenIdRefusal = 'invalid' | 'expired' | 'signature_invalid';

export function openIdLoginUrl(endpoint: string, returnTo: string, realm: string): string {
  const q = new URLSearchParams({
    'openid.ns': OPENID_NS,
    'openid.mode': 'checkid_setup',
    'openid.return_to': returnTo,
    'openid.realm': realm,
    'openid.identity': IDENTIFIER_SELECT,
    'openid.claimed_id': IDENTIFIER_SELECT,
  });
  return `${endpoint}?${q.toString()}`;
}

/** `2026-11-24T23:00:00Z…`: the nonce's leading time in seconds, or null when it has none. */
export function nonceTime(nonce: string): number | null {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)/.exec(nonce);
  if (!match) return null;
  const ms = Date.parse(match[1]!);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

export type CheckedAssertion = { ok: true; steamId: string; responseNonce: string } | { ok: false; reason: OpenIdRefusal };

/**
 * Checks a positive assertion against what this relying party asked for: the mode, the namespace, the
 * provider's endpoint, `return_to` equal to the URL being answered, a Steam claimed id, a fresh nonce, every
 * field that matters signed, and finally the signature (by the provider). Replay of the nonce is refused by
 * the caller, which remembers nonces in the database.
 */
export async function checkAssertion(
  params: Readonly<Record<string, string>>,
  expected: { endpoint: string; returnTo: string; nowSeconds: number },
  signature: OpenIdSignatureCheck,
): Promise<CheckedAssertion> {
  const get = (name: string) => params[`openid.${name}`] ?? '';
  if (get('ns') !== OPENID_NS || get('mode') !== 'id_res') return { ok: false, reason: 'invalid' };
  if (get('op_endpoint') !== expected.endpoint || get('return_to') !== expected.returnTo) return { ok: false, reason: 'invalid' };
  const claimed = STEAM_CLAIMED_ID.exec(get('claimed_id'));
  if (!claimed || get('identity') !== get('claimed_id')) return { ok: false, reason: 'invalid' };
  const signed = get('signed').split(',');
  if (MUST_SIGN.some((field) => !signed.includes(field)) || !get('sig')) return { ok: false, reason: 'invalid' };
  const issued = nonceTime(get('response_nonce'));
  if (issued === null) return { ok: false, reason: 'invalid' };
  if (Math.abs(expected.nowSeconds - issued) > OPENID_NONCE_MAX_AGE_SECONDS) return { ok: false, reason: 'expired' };
  if (!(await signature.verifySignature(params))) return { ok: false, reason: 'signature_invalid' };
  return { ok: true, steamId: claimed[1]!, responseNonce: get('response_nonce') };
}

/** The key-value form the signature covers: `name:value\n` for each signed field, in the listed order. */
export function signedText(params: Readonly<Record<string, string>>): string {
  return (params['openid.signed'] ?? '').split(',').map((name) => `${name}:${params[`openid.${name}`] ?? ''}\n`).join('');
}

export const hmacSignature = (key: Buffer, params: Readonly<Record<string, string>>) =>
  createHmac('sha256', key).update(signedText(params)).digest('base64');

export const signatureMatches = (key: Buffer, params: Readonly<Record<string, string>>) =>
  safeEqual(hmacSignature(key, params), params['openid.sig'] ?? '');

/**
 * Steam's own verification: the assertion is posted back to Steam with `check_authentication`, which
 * answers `is_valid:true` only for an assertion it issued and has not verified before.
 */
export class SteamOpenIdCheck implements OpenIdSignatureCheck {
  constructor(private readonly verifyAt = 'https://steamcommunity.com/openid/login', private readonly fetchImpl: typeof fetch = fetch) {}

  async verifySignature(params: Readonly<Record<string, string>>): Promise<boolean> {
    const body = new URLSearchParams({ ...params, 'openid.mode': 'check_authentication' });
    try {
      const res = await this.fetchImpl(this.verifyAt, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' }, signal: AbortSignal.timeout(10_000) });
      if (!res.ok) return false;
      return /(^|\n)is_valid:true(\n|$)/.test(await res.text());
    } catch {
      // Fail closed: an assertion Steam could not confirm is not accepted.
      return false;
    }
  }
}
