import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ForumError } from '@lantern/contract';
import { forumReplyCode, type ReasonCode } from '@lantern/domain';
import { AppError } from './errors.ts';
import { isDatabaseUnavailable } from './db/client.ts';

/**
 * The forum host's envelope (docs/product/community.md#reply-codes, docs/product/errors.md#forum-host-errors):
 * `{ code, data, errorMsg }` with camelCase fields, for every forum-host call (`/forum`, `/community`, `/post`,
 * `/tag`, `/report`, `/support`). A refusal keeps its honest HTTP status; `code` is the reply code the client
 * acts on (`forumReplyCode` in the domain: 201 warn ban, 202 muted, 203 pace, 302 locked post, 303 gone
 * comment, else the status), `errorMsg` the site's words (shown as they are), `reason` the stable reason code
 * and `meta` what the refusal carries (`unmute_at_timestamp`, `retry_after`).
 */
export function forumOk<T>(data: T): { code: 200; data: T; errorMsg: null } {
  return { code: 200, data, errorMsg: null };
}

/** The words of each reason the forum-host calls answer, in both languages. */
const MESSAGES: Partial<Record<ReasonCode, { chs: string; en: string }>> = {
  unauthorized: { chs: '请先登录', en: 'Please sign in first' },
  token_invalid: { chs: '登录已失效，请重新登录', en: 'Your session has ended. Please sign in again' },
  csrf_invalid: { chs: '请刷新页面后重试', en: 'Please refresh the page and try again' },
  forbidden: { chs: '没有权限', en: 'You are not allowed to do this' },
  not_found: { chs: '找不到该资源', en: 'Cannot find the resource' },
  invalid: { chs: '参数错误', en: 'Invalid request' },
  blank: { chs: '参数错误', en: 'Invalid request' },
  taken: { chs: '您已经操作过了', en: 'You have already done this' },
  inactive: { chs: '活动未上线', en: 'This activity is not online' },
  not_in_period: { chs: '活动尚未开始', en: 'This activity has not started yet' },
  already_end: { chs: '活动已结束', en: 'This activity has ended' },
  is_mute: { chs: '您已被禁言，如有疑问请联系客服', en: 'You are muted. Contact support if you think this is a mistake' },
  banned: { chs: '您因多次违规被暂时禁止发言', en: 'You are temporarily banned from writing after repeated violations' },
  locked: { chs: '帖子已锁定，无法评论', en: 'This post is locked and cannot be commented on' },
  access_wait: { chs: '操作太频繁，请稍后再试', en: 'Too many requests. Please wait a moment.' },
  rate_limit: { chs: '操作太频繁，请稍后再试', en: 'Too many requests. Please wait a moment.' },
  server_error: { chs: '服务器错误', en: 'Server error' },
  unavailable: { chs: '服务暂时不可用，请稍后再试', en: 'The service is briefly unavailable. Please try again in a moment' },
  closed: { chs: '该用户已注销', en: 'That account is closed' },
  out_limit: { chs: '已达到上限', en: 'You have reached the limit' },
  block_listed: { chs: '你们之间存在拉黑关系，无法操作', en: 'One of you has blocked the other' },
};

/** Words that depend on the field as well as the reason. */
const FIELD_MESSAGES: Record<string, Partial<Record<ReasonCode, { chs: string; en: string }>>> = {
  account_id: { taken: { chs: '您已经点过了', en: 'You have already liked this' } },
  activityId: {
    taken: { chs: '您已经投过票了', en: 'You have already voted' },
    inactive: { chs: '投票活动未上线', en: 'This vote is not online' },
    not_in_period: { chs: '投票尚未开始', en: 'This vote has not started yet' },
    already_end: { chs: '投票已结束', en: 'This vote has ended' },
  },
  comment: { not_found: { chs: '评论不存在', en: 'This comment does not exist' } },
  commentary_id: { not_found: { chs: '评论不存在', en: 'This comment does not exist' } },
  reply: { not_found: { chs: '评论不存在', en: 'This comment does not exist' } },
};

function errorOf(request: FastifyRequest, status: number, field: string, reason: ReasonCode, meta?: Record<string, unknown>): ForumError {
  const words = FIELD_MESSAGES[field]?.[reason] ?? MESSAGES[reason] ?? MESSAGES.invalid!;
  return {
    code: forumReplyCode(status, field, reason),
    data: null,
    errorMsg: request.site?.language === 'en' ? words.en : words.chs,
    reason,
    ...(meta && { meta }),
  };
}

/**
 * The error handler of a forum-host scope (`scope.setErrorHandler(forumErrorHandler)`): errors answer the
 * envelope instead of the /api `{ errors }` body — an AppError by its status and first reason, a request that
 * fails its schema as 422 `invalid`, anything else 500 without internals.
 */
export function forumErrorHandler(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    const [field, reasons] = Object.entries(error.errors)[0] ?? ['base', ['invalid' as const]];
    return reply.status(error.status).send(errorOf(request, error.status, field, reasons[0] ?? 'invalid', error.meta));
  }
  if (hasZodFastifySchemaValidationErrors(error)) return reply.status(422).send(errorOf(request, 422, 'base', 'invalid'));
  const status = error.statusCode ?? 500;
  if (status === 429) return reply.status(429).send(errorOf(request, 429, 'base', 'rate_limit'));
  if (status >= 400 && status < 500) return reply.status(400).send(errorOf(request, 400, 'base', 'invalid'));
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    return reply.status(503).header('retry-after', '2').send(errorOf(request, 503, 'base', 'unavailable'));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send(errorOf(request, 500, 'base', 'server_error'));
}
