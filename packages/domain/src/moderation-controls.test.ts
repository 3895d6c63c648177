import { describe, expect, it } from 'vitest';
import { permissionsOf } from './roles.ts';
import {
  DESTRUCTIVE_MODERATION_ACTIONS, GROUP_MODERATOR_ACTIONS, MODERATION_ACTIONS, MODERATION_ACTION_PERMISSION, mayModerate, moderationActionsFor, reportResolutionsFor,
  type ModeratedItem,
} from './moderation-controls.ts';

const post: ModeratedItem = { kind: 'post', state: 'published', pinned: false, locked: false, own: false };

describe('moderation controls by permission', () => {
  it('shows a reader and an editor no control at all', () => {
    for (const role of ['user', 'editor'] as const) {
      for (const kind of ['post', 'review', 'comment', 'talk'] as const) expect(moderationActionsFor(permissionsOf(role), { ...post, kind })).toEqual([]);
    }
  });

  it('lets a group admin arrange posts and reviews but not hide, delete or mute', () => {
    const perms = permissionsOf('group_admin');
    expect(moderationActionsFor(perms, post)).toEqual(['pin', 'lock', 'official_reply']);
    expect(moderationActionsFor(perms, { ...post, kind: 'review', pinned: true, locked: true })).toEqual(['unpin', 'unlock', 'official_reply']);
    expect(moderationActionsFor(perms, { kind: 'comment', state: 'published', own: false })).toEqual([]);
    expect(moderationActionsFor(perms, { kind: 'talk', state: 'published', own: false })).toEqual([]);
  });

  it('gives staff every action a published post allows', () => {
    expect(moderationActionsFor(permissionsOf('staff'), post)).toEqual(['pin', 'lock', 'official_reply', 'hide', 'delete', 'mute_author']);
    expect(moderationActionsFor(permissionsOf('admin'), post)).toEqual(moderationActionsFor(permissionsOf('staff'), post));
  });

  it('offers staff hide, delete and mute on comments and talks, never pin or lock', () => {
    for (const kind of ['comment', 'talk'] as const) {
      expect(moderationActionsFor(permissionsOf('staff'), { kind, state: 'published', own: false })).toEqual(['hide', 'delete', 'mute_author']);
    }
  });

  it('offers unhide on hidden content and nothing that arranges it', () => {
    expect(moderationActionsFor(permissionsOf('staff'), { ...post, state: 'hidden' })).toEqual(['unhide', 'mute_author']);
    expect(moderationActionsFor(permissionsOf('group_admin'), { ...post, state: 'hidden' })).toEqual([]);
  });

  it('leaves pending content to the approval queue', () => {
    expect(moderationActionsFor(permissionsOf('admin'), { ...post, state: 'pending' })).toEqual([]);
  });

  it('never offers to mute oneself', () => {
    expect(moderationActionsFor(permissionsOf('staff'), { ...post, own: true })).not.toContain('mute_author');
    expect(moderationActionsFor(permissionsOf('staff'), { ...post, own: true })).toContain('delete');
  });

  it('ignores permissions it does not know and names one for every action', () => {
    expect(moderationActionsFor(['api_everything'], post)).toEqual([]);
    for (const action of MODERATION_ACTIONS) expect(MODERATION_ACTION_PERMISSION[action]).toMatch(/^api_/);
    expect(DESTRUCTIVE_MODERATION_ACTIONS).toEqual(['hide', 'delete', 'mute_author']);
  });
});

describe('moderation controls of a group moderator', () => {
  const user = permissionsOf('user');
  const inA: ModeratedItem = { ...post, groupId: 1 };

  it('gives a moderator of the item\'s group arranging, hiding and deleting there, never muting', () => {
    expect(moderationActionsFor(user, inA, [1, 3])).toEqual(['pin', 'lock', 'official_reply', 'hide', 'delete']);
    expect(moderationActionsFor(user, { ...inA, kind: 'review', pinned: true, locked: true }, [1])).toEqual(['unpin', 'unlock', 'official_reply', 'hide', 'delete']);
    expect(moderationActionsFor(user, { kind: 'comment', state: 'published', own: false, groupId: 1 }, [1])).toEqual(['hide', 'delete']);
    expect(moderationActionsFor(user, { ...inA, state: 'hidden' }, [1])).toEqual(['unhide']);
  });

  it('gives them nothing in another group, nor on what belongs to no group', () => {
    expect(moderationActionsFor(user, { ...inA, groupId: 2 }, [1])).toEqual([]);
    expect(moderationActionsFor(user, { kind: 'talk', state: 'published', own: false, groupId: null }, [1])).toEqual([]);
    expect(moderationActionsFor(user, { ...inA, groupId: undefined }, [1])).toEqual([]);
    expect(moderationActionsFor(user, inA)).toEqual([]);
  });

  it('adds the appointment to a role\'s permissions: an all-groups admin moderating one group also hides there', () => {
    const admin = permissionsOf('group_admin');
    expect(moderationActionsFor(admin, { ...inA, groupId: 2 }, [1])).toEqual(['pin', 'lock', 'official_reply']);
    expect(moderationActionsFor(admin, inA, [1])).toEqual(['pin', 'lock', 'official_reply', 'hide', 'delete']);
    expect(moderationActionsFor(permissionsOf('staff'), { ...inA, groupId: 2 }, [])).toContain('mute_author');
  });

  it('answers the server\'s per-call question the same way as the menu', () => {
    for (const action of MODERATION_ACTIONS) {
      expect(mayModerate(user, [1], action, 1)).toBe(GROUP_MODERATOR_ACTIONS.includes(action));
      expect(mayModerate(user, [1], action, 2)).toBe(false);
      expect(mayModerate(permissionsOf('staff'), [], action, 2)).toBe(true);
    }
    expect(GROUP_MODERATOR_ACTIONS).not.toContain('mute_author');
  });

  it('lets a moderator resolve reports of their group by hiding, deleting or dismissing, and staff every way', () => {
    expect(reportResolutionsFor(user, [1], 1)).toEqual(['hide', 'delete', 'dismiss']);
    expect(reportResolutionsFor(user, [1], 2)).toEqual([]);
    expect(reportResolutionsFor(user, [1], null)).toEqual([]);
    expect(reportResolutionsFor(permissionsOf('group_admin'), [], 1)).toEqual([]);
    expect(reportResolutionsFor(permissionsOf('staff'), [], null)).toEqual(['hide', 'delete', 'mute', 'dismiss']);
  });
});
