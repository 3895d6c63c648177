import { appealEvidenceScore, appealStateAt } from '@lantern/domain';
import type { AppealImage, AppealView } from '@lantern/contract';
import { toTimestamp } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { uploadedImages } from '../uploads/index.ts';
import type { appeals } from './tables.ts';

export type AppealRow = typeof appeals.$inferSelect;

/** An appeal as its contact sees it (state as of now: a hold that is over reads resettable). Never the evidence. */
export function presentAppeal(row: AppealRow, now: Date): AppealView {
  return {
    id: row.id,
    state: appealStateAt({ state: row.state, hold_ends_at_ms: row.holdEndsAt?.getTime() ?? null }, now.getTime()),
    connect_email: row.connectEmail,
    city: row.city,
    game: row.game,
    description: row.description,
    attachments: row.attachments,
    reject_reason: row.rejectReason,
    created_at_timestamp: toTimestamp(row.createdAt),
    accepted_at_timestamp: toTimestamp(row.acceptedAt),
    hold_ends_at_timestamp: toTimestamp(row.holdEndsAt),
    completed_at_timestamp: toTimestamp(row.completedAt),
  };
}

/** What staff see: the appeal, the account, what the appellant said they know, and the computed evidence. */
export function presentForStaff(row: AppealRow, now: Date) {
  return {
    ...presentAppeal(row, now),
    account_id: row.accountId,
    site: row.area,
    known_email: row.knownEmail,
    known_phone: row.knownPhone,
    evidence: { ...row.evidence, score: appealEvidenceScore(row.evidence) },
    reviewed_by: row.reviewedBy,
    denied_at_timestamp: toTimestamp(row.deniedAt),
  };
}

/**
 * One appeal's detail (docs/product/engagement.md#appeal-tracking): the attachments' thumbnails and full sizes, read
 * from the uploads in one statement, so the page shows small pictures that open large.
 */
export async function withAttachmentImages<T extends { attachments: string[] }>(db: DbOrTx, deps: Deps, view: T): Promise<T & { attachment_images: AppealImage[] }> {
  return { ...view, attachment_images: view.attachments.length === 0 ? [] : await uploadedImages(db, deps, view.attachments) };
}
