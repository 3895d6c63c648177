import { z } from 'zod';
import { IMAGE_MAX_BYTES, UPLOAD_POLICY_TTL_SECONDS, type Area } from '@lantern/domain';
import type { UploadToken } from '@lantern/contract';
import { UPLOAD_PURPOSES } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { safeEqual } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import { toTimestamp } from '../../platform/clock.ts';

/**
 * The upload token (docs/product/README.md, decisions/0014): a policy naming who may upload, where, how much and until
 * when, signed with a key derived from the app secret. The storage host believes nothing of a form but what
 * this signature covers, the way a cloud store's form upload works.
 */
const ACCESS_ID = 'lantern-uploads-v1';

const policyBody = z.object({
  expiration: z.string(),
  account_id: z.number().int().positive(),
  area: z.enum(['native', 'abroad']),
  dir: z.string(),
  bucket: z.string(),
  purpose: z.enum(UPLOAD_PURPOSES),
  conditions: z.array(z.unknown()),
});
export type UploadPolicy = z.infer<typeof policyBody>;

const sign = (deps: Deps, policy: string) => deps.secrets.hmac(`upload-policy\n${policy}`);

export const bucketName = (deps: Deps) => (deps.config.storage.kind === 's3' ? deps.config.storage.bucket : 'local');

/** The folder an account's uploads of one purpose go under. */
export const dirOf = (accountId: number, purpose: UploadPolicy['purpose']) => `u/${accountId}/${purpose}/`;

export function issueUploadToken(deps: Deps, accountId: number, area: Area, purpose: UploadPolicy['purpose']): UploadToken {
  const expiresAt = new Date(deps.clock.now().getTime() + UPLOAD_POLICY_TTL_SECONDS * 1000);
  const dir = dirOf(accountId, purpose);
  const bucket = bucketName(deps);
  const body: UploadPolicy = {
    expiration: expiresAt.toISOString(),
    account_id: accountId,
    area,
    dir,
    bucket,
    purpose,
    conditions: [['content-length-range', 1, IMAGE_MAX_BYTES], ['starts-with', '$key', dir], { bucket }],
  };
  const policy = Buffer.from(JSON.stringify(body)).toString('base64');
  const origin = deps.config.siteUrls[area];
  return {
    host: `${origin}/uploads`,
    dir,
    // The store records the upload and answers its URLs in the same request: no second hop to call back.
    callback: Buffer.from(JSON.stringify({ callbackBodyType: 'application/json', callbackBody: 'upload' })).toString('base64'),
    accessid: ACCESS_ID,
    policy,
    signature: sign(deps, policy),
    account_id: accountId,
    timestamp: toTimestamp(expiresAt),
    security_token: null,
    bucket_name: bucket,
  };
}

const forged = () => new AppError(403, { policy: ['signature_invalid'] });

/**
 * The policy of a posted form, once its signature, key id, bucket and expiry hold. No credential at all is
 * 401 (docs/product/errors.md "invalid upload credential"); a forged or altered one 403, an expired one 403 `expired`.
 */
export function verifyUploadPolicy(deps: Deps, fields: { policy?: string; signature?: string; accessid?: string }): UploadPolicy {
  const { policy, signature } = fields;
  if (!policy || !signature) throw new AppError(401, { policy: ['unauthorized'] });
  if (fields.accessid !== undefined && fields.accessid !== ACCESS_ID) throw forged();
  if (policy.length > 4096 || !safeEqual(signature, sign(deps, policy))) throw forged();
  let parsed: UploadPolicy;
  try {
    parsed = policyBody.parse(JSON.parse(Buffer.from(policy, 'base64').toString('utf8')));
  } catch {
    throw forged();
  }
  if (parsed.bucket !== bucketName(deps) || parsed.dir !== dirOf(parsed.account_id, parsed.purpose)) throw forged();
  const expires = Date.parse(parsed.expiration);
  if (!Number.isFinite(expires) || expires <= deps.clock.now().getTime()) throw new AppError(403, { policy: ['expired'] });
  return parsed;
}
