import { describe, expect, it } from 'vitest';
import { permissionsOf } from './roles.ts';
import { DESTRUCTIVE_MODERATION_ACTIONS, MODERATION_ACTIONS, MODERATION_ACTION_PERMISSION, moderationActionsFor, type ModeratedItem } from './moderation-controls.ts';

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
