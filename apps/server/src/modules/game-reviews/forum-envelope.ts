import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ForumError } from '@lantern/contract';
import type { ReasonCode } from '@lantern/domain';
import { AppError } from '../../platform/errors.ts';

/**
 * The forum host's envelope (docs/product/community.md#reply-codes): `{ code, data, errorMsg }` with
 * camelCase fields. Built here for Steam/Epic reviews and votes, the first forum-host calls; the forum
 * surface to come reuses it (move it to the platform then). A refusal keeps its HTTP status, repeats it in
 * `code`, puts the site's words in `errorMsg` (the web shows them as they are, docs/product/community.md#reply-codes "the server
 * errorMsg") and the stable reason code in `reason`.
 */
export function forumOk<T>(data: T): { code: 200; data: T; errorMsg: null } {
  return { code: 200, data, errorMsg: null };
}

/** The words of each reason the forum-host calls answer, in both languages. */
const MESSAGES: Partial<Record<ReasonCode, { chs: string; en: string }>> = {
  unauthorized: { chs: '请先登录', en: 'Please sign in first' },
  token_invalid: { chs: '登录已失效，请重新登录', en: 'Your session has ended. Please sign in again' },
  csrf_invalid: { chs: '请刷新页面后重试', en: 'Please refresh the page and try again' },
  not_found: { chs: '找不到该资源', en: 'Cannot find the resource' },
  invalid: { chs: '参数错误', en: 'Invalid request' },
  blank: { chs: '参数错误', en: 'Invalid request' },
  taken: { chs: '您已经投过票了', en: 'You have already voted' },
  inactive: { chs: '投票活动未上线', en: 'This vote is not online' },
  not_in_period: { chs: '投票尚未开始', en: 'This vote has not started yet' },
  already_end: { chs: '投票已结束', en: 'This vote has ended' },
  rate_limit: { chs: '操作太频繁，请稍后再试', en: 'Too many requests. Please wait a moment.' },
  server_error: { chs: '服务器错误', en: 'Server error' },
};

function errorOf(request: FastifyRequest, status: number, reason: ReasonCode): ForumError {
  const words = MESSAGES[reason] ?? MESSAGES.invalid!;
  return { code: status, data: null, errorMsg: request.site?.language === 'en' ? words.en : words.chs, reason };
}

/**
 * The error handler of a forum-host scope (`scope.setErrorHandler(forumErrorHandler)`): errors answer the
 * envelope instead of the /api `{ errors }` body — an AppError by its status and first reason, a request that
 * fails its schema as 422 `invalid`, anything else 500 without internals.
 */
export function forumErrorHandler(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    const reason = Object.values(error.errors)[0]?.[0] ?? 'invalid';
    return reply.status(error.status).send(errorOf(request, error.status, reason));
  }
  if (hasZodFastifySchemaValidationErrors(error)) return reply.status(422).send(errorOf(request, 422, 'invalid'));
  const status = error.statusCode ?? 500;
  if (status === 429) return reply.status(429).send(errorOf(request, 429, 'rate_limit'));
  if (status >= 400 && status < 500) return reply.status(400).send(errorOf(request, 400, 'invalid'));
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send(errorOf(request, 500, 'server_error'));
}
