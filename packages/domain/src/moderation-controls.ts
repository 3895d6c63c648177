import type { Permission } from './roles.ts';
import type { ContentState, ReportResolution } from './moderation.ts';

/**
 * What staff and group admins may do to a piece of community content from the page that shows it
 * (docs/product/community.md#moderation-on-the-web). The server answers each action with the permission named
 * here; the web shows an action exactly when the viewer's permissions (from GET /api/me) hold it, so the two
 * cannot disagree about who sees which control.
 */
export const MODERATION_ACTIONS = ['pin', 'unpin', 'lock', 'unlock', 'official_reply', 'hide', 'unhide', 'delete', 'mute_author'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** The content the menu appears on: posts and reviews (one `post` target), comments and replies, talks. */
export const MODERATED_KINDS = ['post', 'review', 'comment', 'talk'] as const;
export type ModeratedKind = (typeof MODERATED_KINDS)[number];

/**
 * The permission each action needs. Group admins (`api_all_group`) arrange a group's posts: pin, lock, the
 * official reply. Taking content out of view and muting people is the moderation desk's (`api_staff`).
 */
export const MODERATION_ACTION_PERMISSION: Record<ModerationAction, Permission> = {
  pin: 'api_all_group',
  unpin: 'api_all_group',
  lock: 'api_all_group',
  unlock: 'api_all_group',
  official_reply: 'api_all_group',
  hide: 'api_staff',
  unhide: 'api_staff',
  delete: 'api_staff',
  mute_author: 'api_staff',
};

/** Arranging is of group posts only: a review is pinned and locked like a post; comments and talks are not. */
const ARRANGED: readonly ModeratedKind[] = ['post', 'review'];

export interface ModeratedItem {
  kind: ModeratedKind;
  /** Hidden content offers unhide instead of hide and delete; pending content is the approval queue's, not the menu's. */
  state: ContentState;
  /** Pinned: a sticky order above 0. Only posts and reviews. */
  pinned?: boolean;
  locked?: boolean;
  /** The viewer wrote it: nobody mutes themselves. */
  own: boolean;
  /**
   * The group it belongs to (a post's or review's group; a comment's post's group), or none (talks, headlines,
   * comments on them): a group's moderators act on its items only (docs/product/community.md#group-moderators).
   */
  groupId?: number | null;
}

/**
 * What a group's appointed moderator may do in that group, and nowhere else (decisions/0043): arrange posts, take
 * content out of view (reversibly or for good) and put it back. Muting stays staff's: a mute silences an account
 * on every group and both sites, which is no one group's decision.
 */
export const GROUP_MODERATOR_ACTIONS: readonly ModerationAction[] = ['pin', 'unpin', 'lock', 'unlock', 'official_reply', 'hide', 'unhide', 'delete'];

/** How a group moderator may resolve a report on their group's item: every way but the site-wide mute. */
export const GROUP_MODERATOR_RESOLUTIONS: readonly ReportResolution[] = ['hide', 'delete', 'dismiss'];

/** Whether the viewer moderates the item's group: appointed to it, and the item has one. */
export function moderatesGroup(moderatedGroupIds: readonly number[], groupId: number | null | undefined): boolean {
  return groupId !== null && groupId !== undefined && moderatedGroupIds.includes(groupId);
}

/**
 * Whether the viewer may take one action on an item of a group (or of none): by permission (staff everywhere; a
 * holder of `api_all_group` arranges every group's posts), or as an appointed moderator of the item's group. The
 * server asks this on every moderation call; the menu shows what it allows.
 */
export function mayModerate(permissions: readonly string[], moderatedGroupIds: readonly number[], action: ModerationAction, groupId: number | null | undefined): boolean {
  if (permissions.includes(MODERATION_ACTION_PERMISSION[action])) return true;
  return GROUP_MODERATOR_ACTIONS.includes(action) && moderatesGroup(moderatedGroupIds, groupId);
}

/** How the viewer may resolve a report on an item of the group (or of none): staff every way; its moderators all but the mute. */
export function reportResolutionsFor(permissions: readonly string[], moderatedGroupIds: readonly number[], groupId: number | null | undefined): ReportResolution[] {
  if (permissions.includes('api_staff')) return ['hide', 'delete', 'mute', 'dismiss'];
  return moderatesGroup(moderatedGroupIds, groupId) ? [...GROUP_MODERATOR_RESOLUTIONS] : [];
}

/** Actions that lose something or silence someone: the web asks before each. */
export const DESTRUCTIVE_MODERATION_ACTIONS: readonly ModerationAction[] = ['hide', 'delete', 'mute_author'];

/**
 * The actions the viewer may take on one item, in the menu's order: those the state allows (pin or unpin,
 * lock or unlock, hide or unhide) and the viewer's permissions grant, or their appointment as a moderator of the
 * item's group (`moderatedGroupIds`, GET /api/me `moderated_group_ids`). Empty for a reader without either.
 */
export function moderationActionsFor(permissions: readonly string[], item: ModeratedItem, moderatedGroupIds: readonly number[] = []): ModerationAction[] {
  const may = (action: ModerationAction) => mayModerate(permissions, moderatedGroupIds, action, item.groupId);
  if (item.state === 'pending') return [];
  const wanted: ModerationAction[] = [];
  if (ARRANGED.includes(item.kind) && item.state === 'published') {
    wanted.push(item.pinned ? 'unpin' : 'pin', item.locked ? 'unlock' : 'lock', 'official_reply');
  }
  // Hidden content is restored or left hidden; deleting for good is done while it is still in view.
  wanted.push(...(item.state === 'hidden' ? (['unhide'] as const) : (['hide', 'delete'] as const)));
  if (!item.own) wanted.push('mute_author');
  return wanted.filter(may);
}

/** The sticky order a pin sets: posts are listed by it, highest first, so 1 lifts a post above the unpinned (0). */
export const PINNED_STICKY_SEQUENCE = 1;
