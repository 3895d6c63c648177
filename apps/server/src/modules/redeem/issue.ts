import { randomInt } from 'node:crypto';
import { formatRedeemCode, normalizeRedeemCode, redeemCodeTail, type Area } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { redeemCodes } from './tables.ts';

/** No 0/O, 1/I/L: a code is read off a card or a screen and typed. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 16;

/** A new random code: 16 characters (≈ 79 bits), shown in groups of four. */
export function newRedeemCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return formatRedeemCode(code);
}

export type RedeemGoods =
  | { kind: 'sku'; skuId: number }
  | { kind: 'coupon'; couponId: number }
  | { kind: 'points'; points: number };

export interface IssueCodesInput {
  area: Area;
  goods: RedeemGoods;
  count?: number;
  /** Given codes (demo data, tests); otherwise `count` random ones. */
  codes?: string[];
  /** Issue each code to this account (it then sees the code under GET /api/me/code). */
  ownerAccountId?: number | null;
  expiresAt?: Date | null;
  /** The goods' id at their source (`remote_id`); default the local id. */
  remoteId?: string;
  state?: 'active' | 'disabled';
}

/**
 * Issues redeem codes (staff tooling, demo data, tests). Only the keyed hash of the normalized code is
 * kept, with its last four characters; a code issued to an account is also sealed so its owner can see
 * it. Answers the codes as people type them.
 */
export async function issueRedeemCodes(deps: Deps, db: DbOrTx, input: IssueCodesInput): Promise<Array<{ id: number; code: string }>> {
  const codes = input.codes ?? Array.from({ length: input.count ?? 1 }, newRedeemCode);
  if (codes.length === 0) return [];
  const now = deps.clock.now();
  const goods = input.goods;
  const rows = await db
    .insert(redeemCodes)
    .values(codes.map((code) => {
      const normalized = normalizeRedeemCode(code);
      return {
        area: input.area,
        codeHash: deps.secrets.hmac(`redeem:${normalized}`),
        codeTail: redeemCodeTail(normalized),
        goodsKind: goods.kind,
        skuId: goods.kind === 'sku' ? goods.skuId : null,
        couponId: goods.kind === 'coupon' ? goods.couponId : null,
        points: goods.kind === 'points' ? goods.points : null,
        remoteId: input.remoteId ?? String(goods.kind === 'sku' ? goods.skuId : goods.kind === 'coupon' ? goods.couponId : goods.points),
        state: input.state ?? 'active',
        ownerAccountId: input.ownerAccountId ?? null,
        codeEnc: input.ownerAccountId ? deps.secrets.encrypt(normalized) : null,
        expiresAt: input.expiresAt ?? null,
        createdAt: now,
      };
    }))
    .returning({ id: redeemCodes.id });
  return rows.map((r, i) => ({ id: r.id, code: formatRedeemCode(normalizeRedeemCode(codes[i]!)) }));
}

/** The lookup hash of a typed code (prefixed, so it can never equal a key's hash of the same text). */
export function redeemCodeHash(deps: Deps, typed: string): string {
  return deps.secrets.hmac(`redeem:${normalizeRedeemCode(typed)}`);
}
