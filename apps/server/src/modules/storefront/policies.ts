import type { FastifyRequest } from 'fastify';
import { requirePermission } from '../../platform/access.ts';

/**
 * Layouts before they are published (drafts, scheduled packs) are for staff: the preview variants answer
 * 401 to a guest (the sign-in popup) and 403 to an account without the permission.
 */
export function requireLayoutPreview(request: FastifyRequest): void {
  requirePermission(request, 'api_staff');
}
