import { z } from 'zod';
import { GUEST_UPLOAD_MAX_BYTES, IMAGE_MAX_BYTES, UPLOAD_POLICY_TTL_SECONDS, type Area } from '@lantern/domain';
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

/** A guest grant: 24 hex characters derived by the appeals module from one signed appeal form. */
export const GUEST_GRANT = /^[0-9a-f]{24}$/;

const policyBody = z.object({
  expiration: z.string(),
  /** 0 for a guest's policy, which names its grant instead. */
  account_id: z.number().int().nonnegative(),
  guest: z.string().regex(GUEST_GRANT).optional(),
  area: z.enum(['native', 'abroad']),
  dir: z.string(),
  bucket: z.string(),
  purpose: z.enum([...UPLOAD_PURPOSES, 'appeal']),
  conditions: z.array(z.unknown()),
});
export type UploadPolicy = z.infer<typeof policyBody>;

const sign = (deps: Deps, policy: string) => deps.secrets.hmac(`upload-policy\n${policy}`);

export const bucketName = (deps: Deps) => (deps.config.storage.kind === 's3' ? deps.config.storage.bucket : 'local');

/** The folder an account's uploads of one purpose go under. */
export const dirOf = (accountId: number, purpose: UploadPolicy['purpose']) => `u/${accountId}/${purpose}/`;

/** The folder a guest grant's uploads go under (only an appeal's attachments are uploaded by guests). */
export const guestDirOf = (grant: string) => `g/${grant}/appeal/`;

/** Whether a verified policy is a guest's (no account; docs/product/engagement.md#guest-uploads). */
export const isGuestPolicy = (policy: UploadPolicy): policy is UploadPolicy & { guest: string } => policy.guest !== undefined;

export function issueUploadToken(deps: Deps, accountId: number, area: Area, purpose: UploadPolicy['purpose']): UploadToken {
  const expiresAt = new Date(deps.clock.now().getTime() + UPLOAD_POLICY_TTL_SECONDS * 1000);
  return signedToken(deps, area, expiresAt, { account_id: accountId, dir: dirOf(accountId, purpose), purpose, maxBytes: IMAGE_MAX_BYTES });
}

/**
 * A guest's upload token for one appeal form's grant (docs/product/engagement.md#guest-uploads): the same signed
 * policy with no account, the grant's folder, a guest's size cap, and an expiry no later than the form's own.
 */
export function issueGuestUploadToken(deps: Deps, area: Area, grant: string, formExpiresAt: Date): UploadToken {
  if (!GUEST_GRANT.test(grant)) throw new Error('a guest grant is 24 hex characters');
  const ttl = new Date(deps.clock.now().getTime() + UPLOAD_POLICY_TTL_SECONDS * 1000);
  const expiresAt = formExpiresAt < ttl ? formExpiresAt : ttl;
  return signedToken(deps, area, expiresAt, { account_id: 0, guest: grant, dir: guestDirOf(grant), purpose: 'appeal', maxBytes: GUEST_UPLOAD_MAX_BYTES });
}

function signedToken(
  deps: Deps, area: Area, expiresAt: Date,
  who: { account_id: number; guest?: string; dir: string; purpose: UploadPolicy['purpose']; maxBytes: number },
): UploadToken {
  const { dir, maxBytes, ...named } = who;
  const bucket = bucketName(deps);
  const body: UploadPolicy = {
    expiration: expiresAt.toISOString(),
    ...named,
    area,
    dir,
    bucket,
    conditions: [['content-length-range', 1, maxBytes], ['starts-with', '$key', dir], { bucket }],
  };
  const accountId = who.account_id;
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
  const dir = parsed.guest !== undefined
    ? (parsed.account_id === 0 && parsed.purpose === 'appeal' ? guestDirOf(parsed.guest) : null)
    : (parsed.account_id > 0 ? dirOf(parsed.account_id, parsed.purpose) : null);
  if (parsed.bucket !== bucketName(deps) || parsed.dir !== dir) throw forged();
  const expires = Date.parse(parsed.expiration);
  if (!Number.isFinite(expires) || expires <= deps.clock.now().getTime()) throw new AppError(403, { policy: ['expired'] });
  return parsed;
}
