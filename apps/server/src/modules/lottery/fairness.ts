import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { drawMessage, pickWeighted, poolWeight, rollFromDigest, shareMessage, type PoolEntry } from '@lantern/domain';

/**
 * The randomness of a draw (docs/product/deals.md#lottery-fairness). Each activity has a 32-byte seed from the
 * system's cryptographic source, made when staff create it; its SHA-256 is public from then on. A draw takes
 * a fresh 16-byte nonce from the same source and lands on HMAC-SHA256(seed, "lottery:{activity}:{nonce}")'s
 * first 8 bytes modulo the pool's weight. Without the seed nobody can predict a draw; with the seed revealed
 * after the end, anyone can re-run every draw from its logged nonce and pool.
 */
export function newSeed(): { seed: string; seedHash: string } {
  const seed = randomBytes(32).toString('hex');
  return { seed, seedHash: seedHashOf(seed) };
}

/** SHA-256 of the seed's hex text, as hex: what the page shows before the seed is revealed. */
export function seedHashOf(seed: string): string {
  return createHash('sha256').update(seed).digest('hex');
}

export function newNonce(): string {
  return randomBytes(16).toString('hex');
}

/** The prize a draw lands on: re-run this with the revealed seed, the draw's nonce and pool to check it. */
export function drawPrize(seed: string, activityId: number, nonce: string, pool: readonly PoolEntry[]): number | null {
  const total = poolWeight(pool);
  if (total <= 0) return null;
  const digest = createHmac('sha256', Buffer.from(seed, 'hex')).update(drawMessage(activityId, nonce)).digest();
  return pickWeighted(pool, rollFromDigest(digest, total));
}

export function newShareKey(): string {
  return randomBytes(32).toString('hex');
}

/** The token of a share link: HMAC-SHA256 over who shared, which order and the window, with the activity's share key. */
export function shareToken(shareKey: string, activityId: number, share: { sharer_id: number; order_id: number; from: number; to: number }): string {
  return createHmac('sha256', Buffer.from(shareKey, 'hex')).update(shareMessage(activityId, share)).digest('base64url');
}

/** Compares a presented token with the right one in constant time. */
export function shareTokenValid(shareKey: string, activityId: number, share: { sharer_id: number; order_id: number; from: number; to: number }, token: string): boolean {
  const expected = Buffer.from(shareToken(shareKey, activityId, share));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
