/**
 * Roles and what each may do (docs/product/accounts.md#roles). A permission is a capability, never a role
 * name: code asks `roleCan(role, 'api_staff')`, so a new role is one line here and no check elsewhere
 * changes. `api_all_group` and `api_all_headline` also give the all-groups and headline titles.
 */
export const ROLES = ['user', 'editor', 'group_admin', 'staff', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = ['api_all_headline', 'api_all_group', 'api_staff', 'api_admin'] as const;
export type Permission = (typeof PERMISSIONS)[number];

const GRANTS: Record<Role, readonly Permission[]> = {
  user: [],
  editor: ['api_all_headline'],
  group_admin: ['api_all_group'],
  staff: ['api_all_headline', 'api_all_group', 'api_staff'],
  admin: ['api_all_headline', 'api_all_group', 'api_staff', 'api_admin'],
};

export function permissionsOf(role: Role): Permission[] {
  return [...GRANTS[role]];
}

export function roleCan(role: Role, permission: Permission): boolean {
  return GRANTS[role].includes(permission);
}
