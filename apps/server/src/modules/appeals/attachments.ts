import { eq } from 'drizzle-orm';
import type { Area } from '@lantern/domain';
import type { UploadToken } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { issueGuestUploadToken } from '../uploads/index.ts';
import { signatureExpiry, uploadGrantOf, verifyAppealSignature } from './signature.ts';
import { appeals } from './tables.ts';

/**
 * POST /api/appeals/upload_token (docs/product/engagement.md#guest-uploads): someone who lost the account has no
 * session, so the signed form itself is what allows uploading its attachments. A valid, unexpired signature not
 * yet used by a filed appeal answers a guest upload token for the form's grant, expiring no later than the
 * form; the uploads module counts and limits what the grant, the address and the site store.
 */
export async function issueAttachmentUploadToken(deps: Deps, area: Area, signature: string): Promise<UploadToken> {
  const nonce = verifyAppealSignature(deps, area, signature);
  const [used] = await deps.db.select({ id: appeals.id }).from(appeals).where(eq(appeals.signatureNonce, nonce)).limit(1);
  if (used) throw fail.unprocessable('signature', 'invalid');
  return issueGuestUploadToken(deps, area, uploadGrantOf(deps, nonce), signatureExpiry(signature));
}
