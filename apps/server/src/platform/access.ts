import type { FastifyRequest } from 'fastify';
import { roleCan, type Permission } from '@lantern/domain';
import { requireAuth, type RequestAuth } from './auth.ts';
import { fail } from './errors.ts';

/**
 * The signed-in account, when its role grants `permission`: a guest gets 401 (the web opens sign-in),
 * anyone else signed in without it 403. The role comes with the session, so this costs no query.
 */
export function requirePermission(request: FastifyRequest, permission: Permission): RequestAuth {
  const auth = requireAuth(request);
  if (!roleCan(auth.role, permission)) throw fail.forbidden();
  return auth;
}

/** The same check as a route hook, for scopes where every route needs it. */
export function permissionHook(permission: Permission) {
  return async (request: FastifyRequest) => {
    requirePermission(request, permission);
  };
}
