import type { FastifyRequest } from 'fastify';
import { mayModerate, moderatesGroup, permissionsOf, reportResolutionsFor, type ModerationAction, type ReportResolution } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { fail } from '../../platform/errors.ts';
import { moderatedGroupsOf } from '../accounts/index.ts';

/**
 * Who is asking a moderation call, and over what (decisions/0043): staff (`api_staff`) over everything; an
 * appointed group moderator over their groups only. The permissions are the role's; the groups come from the
 * community module through accounts' hook. The domain's `mayModerate` and `reportResolutionsFor` decide each call,
 * as they decide what the web shows.
 */
export interface ModeratorScope {
  accountId: number;
  permissions: string[];
  groupIds: number[];
  staff: boolean;
}

export async function moderatorScope(deps: Deps, request: FastifyRequest): Promise<ModeratorScope> {
  const auth = requireAuth(request);
  const permissions = permissionsOf(auth.role);
  const staff = permissions.includes('api_staff');
  // Staff's scope is everything: their appointments change nothing, so they cost no read.
  const groupIds = staff ? [] : await moderatedGroupsOf(deps.db, auth.accountId);
  return { accountId: auth.accountId, permissions, groupIds, staff };
}

/**
 * The hook of the calls staff and group moderators share (the queue, claims, resolving, acting from the page): a
 * guest 401, anyone who is neither staff nor a moderator of some group 403 — before the body is read, as the staff
 * scope does. The scope found is kept on the request for the handler.
 */
export function moderatorHook(deps: Deps) {
  return async (request: FastifyRequest) => {
    const scope = await moderatorScope(deps, request);
    if (!scope.staff && scope.groupIds.length === 0) throw fail.forbidden();
    scopes.set(request, scope);
  };
}

const scopes = new WeakMap<FastifyRequest, ModeratorScope>();

/** The scope the hook found for this request. */
export function scopeOf(request: FastifyRequest): ModeratorScope {
  const scope = scopes.get(request);
  if (!scope) throw new Error('moderatorHook did not run for this route');
  return scope;
}

/** 403 unless the scope may take the action on an item of this group (or of none). */
export function assertMayModerate(scope: ModeratorScope, action: ModerationAction, groupId: number | null): void {
  if (!mayModerate(scope.permissions, scope.groupIds, action, groupId)) throw fail.forbidden();
}

/** 403 unless the scope may work reports about this group's items (staff: every report). */
export function assertMayWorkReport(scope: ModeratorScope, groupId: number | null): void {
  if (!scope.staff && !moderatesGroup(scope.groupIds, groupId)) throw fail.forbidden();
}

/** 403 unless the scope may resolve a report on this group's item this way (a group moderator never mutes). */
export function assertMayResolve(scope: ModeratorScope, groupId: number | null, action: ReportResolution): void {
  if (!reportResolutionsFor(scope.permissions, scope.groupIds, groupId).includes(action)) throw fail.forbidden();
}
