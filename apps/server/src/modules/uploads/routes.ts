import fastifyMultipart, { type MultipartFields, type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMAGE_MAX_BYTES } from '@lantern/domain';
import { UPLOADS_API, uploadResult, uploadToken, uploadTokenQuery } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { requireAuth } from '../../platform/auth.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { isStorageKey } from '../../platform/storage.ts';
import { issueUploadToken, verifyUploadPolicy } from './policy.ts';
import { contentTypeOfKey, deleteUpload, storeUpload } from './uploads.ts';
import { assertNotBarred } from '../moderation/index.ts';
import { idParams } from '../../platform/params.ts';

const tags = ['uploads'];

/** A year: a stored size never changes under its key (a new upload gets a new key). */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The text value of a form field sent once; a repeated or file field counts as absent. */
function field(fields: MultipartFields, name: string): string | undefined {
  const entry = fields[name];
  if (!entry || Array.isArray(entry) || entry.type !== 'field') return undefined;
  return typeof entry.value === 'string' ? entry.value : undefined;
}

/**
 * Uploads (docs/product/engagement.md#uploads, decisions/0014): the three token calls, the storage host's
 * form endpoint `POST /uploads`, and the stored files at `GET /uploads/{key}`.
 */
export const uploadRoutes = (deps: Deps): FastifyPluginAsyncZod => async (app) => {
  // Multipart is parsed on these routes only (this plugin's scope): no other route accepts a form upload.
  await app.register(fastifyMultipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 12, fieldSize: 8 * 1024, parts: 14, headerPairs: 100 },
  });

  for (const path of [UPLOADS_API.cloudStoragesNew, UPLOADS_API.cloudStorage, UPLOADS_API.cloudStorageNew]) {
    app.get(path, { schema: { tags, querystring: uploadTokenQuery, response: { 200: uploadToken } } }, async (request) => {
      const { accountId } = requireAuth(request);
      // A muted or banned account gets no token (403 is_mute / banned, as its other writes).
      await assertNotBarred(deps, accountId, 'upload');
      return issueUploadToken(deps, accountId, request.site.area, request.query.for);
    });
  }

  /**
   * The storage host: a form whose fields (policy, signature, accessid; account_id and key optionally) come
   * before the file, as a cloud store's form upload wants them. The policy is checked before the file is
   * read, so a forged form costs no image decoding.
   */
  app.post(UPLOADS_API.uploads, { schema: { tags, response: { 201: uploadResult } } }, async (request, reply) => {
    if (!request.isMultipart()) throw new AppError(415, { base: ['unsupported_media_type'] });
    let part: MultipartFile | undefined;
    try {
      part = await request.file();
    } catch {
      throw fail.badRequest('file', 'invalid');
    }
    if (!part) throw fail.badRequest('file', 'blank');
    const file = part;
    try {
      const fields = file.fields;
      const policy = verifyUploadPolicy(deps, {
        policy: field(fields, 'policy'),
        signature: field(fields, 'signature') ?? field(fields, 'Signature'),
        accessid: field(fields, 'accessid') ?? field(fields, 'OSSAccessKeyId'),
      });
      const forged = new AppError(403, { policy: ['signature_invalid'] });
      // A policy serves the site and account it was issued for: not the other site, not another signed-in account.
      if (policy.area !== request.site.area) throw forged;
      // A guest's policy (an appeal's attachments) names no account: whoever is signed in on this browser is beside the point.
      if (policy.guest === undefined && request.auth && request.auth.accountId !== policy.account_id) throw forged;
      const accountField = field(fields, 'account_id');
      if (accountField !== undefined && accountField !== String(policy.account_id)) throw forged;
      const keyField = field(fields, 'key');
      if (keyField !== undefined && !keyField.startsWith(policy.dir)) throw forged;

      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, { file: ['too_large'] });
        throw fail.badRequest('file', 'invalid');
      }
      return reply.status(201).send(await storeUpload(deps, policy, bytes, request.ip));
    } finally {
      // Whatever was refused before the file was read is drained, so the connection can answer.
      if (!file.file.readableEnded) file.file.resume();
    }
  });

  app.delete(UPLOADS_API.ownUpload(':id'), { schema: { tags, params: idParams } }, async (request, reply) => {
    await deleteUpload(deps, requireAuth(request).accountId, request.params.id);
    return reply.status(204).send();
  });

  /**
   * A stored size. Never shown as a page: the type is the stored kind's (one of four image types), the
   * browser may not guess another (nosniff), and a sandbox policy keeps even a mistaken type from running
   * anything. No cookie is set on it, so shared caches may keep it for a year.
   */
  app.get('/uploads/*', { schema: { tags, params: z.object({ '*': z.string().max(512) }) } }, async (request, reply) => {
    const key = request.params['*'];
    const type = isStorageKey(key) ? contentTypeOfKey(key) : null;
    if (!type) throw fail.notFound();
    const object = await deps.storage.get(key);
    if (!object) throw fail.notFound();
    reply
      .header('cache-control', IMMUTABLE)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', 'inline')
      .removeHeader('set-cookie');
    if (object.bytes !== undefined) reply.header('content-length', object.bytes);
    return reply.type(type).send(object.body);
  });
};
