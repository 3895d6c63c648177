import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../../platform/auth.ts';

/** A guest's write is 401 before its body is looked at (the web opens the sign-in popup); a write may come without a body. */
export async function signedIn(request: FastifyRequest) {
  requireAuth(request);
  request.body ??= {};
}
