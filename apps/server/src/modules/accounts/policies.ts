import type { Account } from './lookup.ts';

type Role = Account['role'];

/**
 * Permissions per role (design §2 roles; spec §3 names api_all_group and api_all_headline). Every check of
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
