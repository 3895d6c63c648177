import { eq, sql } from 'drizzle-orm';
import { NOTIFICATION_KINDS, notificationSettings, type NotificationKind, type NotificationSettings } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { notificationSettings as settingsTable } from './tables.ts';

/** The account's settings (docs/product/messaging.md#notification-settings): all kinds on and no digest until changed. */
export async function settingsOf(deps: Pick<Deps, 'db'>, accountId: number): Promise<NotificationSettings> {
  const [row] = await deps.db.select().from(settingsTable).where(eq(settingsTable.accountId, accountId));
  return notificationSettings(row?.disabledKinds ?? [], row?.emailDigest ?? false);
}

/**
 * Changes some kinds and/or the digest; kinds left out keep their setting. One upsert computed from the row as
 * it is, so two changes of different kinds at once both stay.
 */
export async function updateSettings(deps: Deps, accountId: number, change: { kinds?: Partial<Record<NotificationKind, boolean>>; email_digest?: boolean }): Promise<NotificationSettings> {
  const turnOff = NOTIFICATION_KINDS.filter((kind) => change.kinds?.[kind] === false);
  const turnOn = NOTIFICATION_KINDS.filter((kind) => change.kinds?.[kind] === true);
  const now = deps.clock.now();
  const [row] = await deps.db.insert(settingsTable)
    .values({ accountId, disabledKinds: turnOff, emailDigest: change.email_digest ?? false, updatedAt: now })
    .onConflictDoUpdate({
      target: settingsTable.accountId,
      set: {
        disabledKinds: sqlDisabled(turnOff, turnOn),
        ...(change.email_digest !== undefined && { emailDigest: change.email_digest }),
        updatedAt: now,
      },
    })
    .returning();
  return notificationSettings(row!.disabledKinds, row!.emailDigest);
}

/** The kinds off after a change: those off before, without those turned on, with those turned off. */
const sqlDisabled = (off: readonly string[], on: readonly string[]) => sql`ARRAY(
  SELECT DISTINCT k FROM unnest(${settingsTable.disabledKinds} || ${sql.param([...off])}::text[]) AS k WHERE NOT (k = ANY(${sql.param([...on])}::text[])) ORDER BY k)`;
