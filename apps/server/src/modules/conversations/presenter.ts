import type { PrivateMessage, SkuSummary } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import type { Viewer } from '../../platform/viewer.ts';
import { toTimestamp } from '../../platform/clock.ts';
import type { PublicAccount } from '../accounts/index.ts';
import { keepViewable, loadViewableSkuRows, presentSkuMap } from '../catalog/index.ts';
import type { privateMessages } from './tables.ts';

export type PrivateMessageRow = typeof privateMessages.$inferSelect;

export const accountOf = (a: PublicAccount | undefined) => (a ? { id: a.id, nickname: a.nickname, avatar_url: a.avatarUrl } : null);

/**
 * The shared games of some messages as the viewer's site sells them now (the live price, docs/product/messaging.md#shared-games):
 * a game not sold on this site or in the viewer's region is null.
 */
export async function sharedGames(db: DbOrTx, viewer: Pick<Viewer, 'area' | 'region'>, skuIds: readonly (number | null)[]): Promise<Map<number, SkuSummary>> {
  const ids = [...new Set(skuIds.filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  return presentSkuMap(db, keepViewable(await loadViewableSkuRows(db, ids, viewer.area), viewer.area, viewer.region));
}

export function presentMessage(row: PrivateMessageRow, viewerId: number, games: ReadonlyMap<number, SkuSummary>): PrivateMessage {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    account_id: row.senderId,
    kind: row.kind,
    content: row.content,
    relation: { game: row.skuId === null ? null : (games.get(row.skuId) ?? null) },
    own: row.senderId === viewerId,
    created_at_timestamp: toTimestamp(row.createdAt),
  };
}

export async function presentMessages(deps: Deps, viewer: Viewer & { accountId: number }, rows: readonly PrivateMessageRow[]): Promise<PrivateMessage[]> {
  const games = await sharedGames(deps.db, viewer, rows.map((r) => r.skuId));
  return rows.map((r) => presentMessage(r, viewer.accountId, games));
}

/** What a live event says of a message: the row without the reader's own view (the web fetches the game when it shows it). */
export function liveMessage(row: PrivateMessageRow) {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    account_id: row.senderId,
    kind: row.kind,
    content: row.content,
    sku_id: row.skuId,
    created_at_timestamp: toTimestamp(row.createdAt),
  };
}
