import type { Account } from './lookup.ts';

type Role = Account['role'];

/**
 * Permissions per role (docs/product/accounts.md#roles: api_all_group, api_all_headline, api_staff). Every check of
 * what an account may do goes through a policy function here, never an inline role comparison.
 */
const PERMISSIONS: Record<Role, readonly string[]> = {
  user: [],
  editor: ['api_all_headline'],
  group_admin: ['api_all_group'],
  staff: ['api_all_headline', 'api_all_group', 'api_staff'],
  admin: ['api_all_headline', 'api_all_group', 'api_staff', 'api_admin'],
};

export function permissionsOf(role: Role): string[] {
  return [...PERMISSIONS[role]];
}

export function can(account: Pick<Account, 'role'>, permission: string): boolean {
  return PERMISSIONS[account.role].includes(permission);
}
