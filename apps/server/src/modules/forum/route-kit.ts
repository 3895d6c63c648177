import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { forumAnswer } from '@lantern/contract';
import { requireAuth } from '../../platform/auth.ts';

/** What every forum-host route shares: its OpenAPI tag, its 200 answer in the envelope, the no-store header of personal reads. */
export const tags = ['community'];
export const answer = <T extends z.ZodTypeAny>(data: T) => ({ 200: forumAnswer(data) });
export const noStore = { 'cache-control': 'private, no-store' };

/** A guest's write is 401 before its body is looked at (the sign-in popup, not a form error); a write may come without a body. */
export async function signedIn(request: FastifyRequest) {
  requireAuth(request);
  request.body ??= {};
}
