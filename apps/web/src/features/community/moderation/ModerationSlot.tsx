import { lazy, Suspense } from 'react';
import { moderationActionsFor, type ModeratedItem } from '@lantern/domain';
import { useMe } from '../../../lib/session';
import type { ModerationMenuProps } from './components/ModerationMenu';

// The menu and its dialogs are a chunk of their own, fetched only for a viewer with something to do.
const ModerationMenu = lazy(() => import('./components/ModerationMenu').then((m) => ({ default: m.ModerationMenu })));

/**
 * Where a page offers moderation: nothing for readers; for staff, group admins and a group's appointed moderators
 * the actions the server's answer about them (GET /api/me `permissions` and `moderated_group_ids`) allows on this
 * item — a moderator's only in their groups — by the domain's one rule. The server checks each call again; this
 * only decides what to show.
 */
export function ModerationSlot({ item, ...menu }: Omit<ModerationMenuProps, 'actions'> & { item: Omit<ModeratedItem, 'own'> }) {
  const me = useMe();
  if (!me.data) return null;
  // A partial account (a test fixture, an answer cached by an older build) has no permissions to show.
  const actions = moderationActionsFor(me.data.permissions ?? [], { ...item, own: me.data.id === menu.target.authorId }, me.data.moderated_group_ids ?? []);
  if (actions.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ModerationMenu actions={actions} {...menu} />
    </Suspense>
  );
}
