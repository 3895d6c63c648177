import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { fail } from '../../platform/errors.ts';
import { findAccount, type Account } from '../accounts/lookup.ts';
import { can } from '../accounts/policies.ts';

/** Who may see layouts before they are published (drafts, scheduled packs): staff. */
export function canPreviewLayouts(account: Pick<Account, 'role'>): boolean {
  return can(account, 'api_staff');
}

/** The preview variants: 401 for a guest (the sign-in popup), 403 for an account without the permission. */
export async function requireLayoutPreview(deps: Deps, request: FastifyRequest): Promise<void> {
  const { accountId } = requireAuth(request);
  const account = await findAccount(deps.db, accountId);
  if (!account) throw fail.unauthorized();
  if (!canPreviewLayouts(account)) throw fail.forbidden();
}
