import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLES, permissionsOf, roleCan } from './roles.ts';

describe('roles and permissions', () => {
  it('gives a plain user nothing and an admin everything', () => {
    expect(permissionsOf('user')).toEqual([]);
    expect(permissionsOf('admin')).toEqual([...PERMISSIONS]);
  });

  it('lets editors write headlines and group admins run groups, and neither use staff tools', () => {
    expect(roleCan('editor', 'api_all_headline')).toBe(true);
    expect(roleCan('editor', 'api_all_group')).toBe(false);
    expect(roleCan('group_admin', 'api_all_group')).toBe(true);
    for (const role of ['user', 'editor', 'group_admin'] as const) expect(roleCan(role, 'api_staff')).toBe(false);
  });

  it('keeps admin-only powers from staff', () => {
    expect(roleCan('staff', 'api_staff')).toBe(true);
    expect(roleCan('staff', 'api_admin')).toBe(false);
  });

  it('grants only known permissions, each role a subset of admin', () => {
    for (const role of ROLES) for (const p of permissionsOf(role)) expect(roleCan('admin', p)).toBe(true);
  });
});
