import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { fail } from '../../platform/errors.ts';
import { findAccount } from '../accounts/lookup.ts';
import { can } from '../accounts/policies.ts';

/**
 * Staff tools (key pools, shipments) are for staff and admins (docs/product/accounts.md#roles): the `api_staff`
 * permission of the accounts policy. A guest is 401 (sign in), anyone else signed in 403.
 */
export async function requireStaff(deps: Deps, request: FastifyRequest): Promise<{ accountId: number }> {
  const { accountId } = requireAuth(request);
  const account = await findAccount(deps.db, accountId);
  if (!account || !can(account, 'api_staff')) throw fail.forbidden();
  return { accountId };
}
