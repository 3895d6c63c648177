import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ReasonCode } from '@lantern/domain';
import { isDatabaseUnavailable } from './db/client.ts';

/**
 * Reasons per field. A reason is one of the domain's `REASON_CODES` (docs/product/errors.md): an answer with
 * a reason the web cannot translate does not compile.
 */
export type FieldErrors = Record<string, ReasonCode[]>;

/**
 * An answer the client is meant to understand: a status and stable reason codes per field (docs/product/README.md#errors).
 * Services throw these; the central handler turns them into `{ errors, meta }`. It carries no stack trace:
 * it is an answer, not a fault, and capturing one was a visible share of a flash-sale rush's CPU, where most
 * answers are refusals ("sold out", "limit reached").
 */
export class AppError extends Error {
  readonly status: number;
  readonly errors: FieldErrors;
  readonly meta?: Record<string, unknown>;

  constructor(status: number, errors: FieldErrors, meta?: Record<string, unknown>) {
    const message = `${status} ${JSON.stringify(errors)}`;
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
    this.status = status;
    this.errors = errors;
    this.meta = meta;
  }
}

export const fail = {
  badRequest: (field: string, reason: ReasonCode, meta?: Record<string, unknown>) =>
    new AppError(400, { [field]: [reason] }, meta),
  unprocessable: (field: string, reason: ReasonCode, meta?: Record<string, unknown>) =>
    new AppError(422, { [field]: [reason] }, meta),
  unauthorized: (reason: ReasonCode = 'unauthorized') => new AppError(401, { base: [reason] }),
  forbidden: (reason: ReasonCode = 'forbidden', meta?: Record<string, unknown>) => new AppError(403, { base: [reason] }, meta),
  notFound: (field = 'base') => new AppError(404, { [field]: ['not_found'] }),
  conflict: (field: string, reason: ReasonCode) => new AppError(409, { [field]: [reason] }),
  tooMany: (reason: ReasonCode, retryAfter: number) => new AppError(429, { base: [reason] }, { retry_after: retryAfter }),
};

/** Collects field errors so a form gets every problem at once rather than one per submit. */
export class FieldErrorList {
  private readonly errors: FieldErrors = {};
  add(field: string, reason: ReasonCode | null | undefined) {
    if (reason) (this.errors[field] ??= []).push(reason);
    return this;
  }
  get empty() {
    return Object.keys(this.errors).length === 0;
  }
  throwIfAny(status = 422, meta?: Record<string, unknown>) {
    if (!this.empty) throw new AppError(status, this.errors, meta);
  }
}

/**
 * Turns one zod issue into the reason code a client understands. zod 4 issues do not carry the input,
 * so the caller looks it up: a missing or null value is `blank`, a value of the wrong type `invalid`.
 */
function reasonOf(code: string, params: { minimum?: unknown; origin?: unknown }, input: unknown): ReasonCode {
  switch (code) {
    case 'invalid_type':
      return input === undefined || input === null ? 'blank' : 'invalid';
    case 'too_small':
      return params.origin === 'string' && params.minimum === 1 ? 'blank' : 'too_short';
    case 'too_big':
      return 'too_long';
    default:
      return 'invalid';
  }
}

/** The segments of a validation error's `instancePath` ("/account/email" → ["account", "email"]). */
function pathOf(instancePath: string): string[] {
  return instancePath.split('/').slice(1).filter((p) => p !== '');
}

/** The value at a path of the request's data, or undefined when the path leads nowhere. */
function valueAt(root: unknown, path: string[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * The field a request error belongs to: the last named segment of its path (array indexes skipped),
 * leaving out the resource wrapper of a body (`account.email` → `email`); an error of the wrapper itself,
 * or of the whole body, belongs to `base`.
 */
export function fieldPathOf(path: string[], context: string | undefined): string {
  const named = (context === 'body' ? path.slice(1) : path).filter((p) => !/^\d+$/.test(p));
  return named[named.length - 1] ?? 'base';
}

/**
 * An error answer's body: its reasons, and `meta` with the facts the client needs (if any) and always the request's
 * id — the one the `x-request-id` header and every log line of the request carry — so that a user or a support
 * ticket quoting any refusal, not only a fault, leads to its log lines (docs/decisions/0057).
 */
export function errorAnswer(request: FastifyRequest, errors: FieldErrors, meta?: Record<string, unknown>) {
  return { errors, meta: { ...meta, request_id: request.id } };
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return reply.status(error.status).send(errorAnswer(request, error.errors, error.meta));
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      const context = error.validationContext;
      const data = context === 'body' ? request.body : context === 'querystring' ? request.query : context === 'params' ? request.params : request.headers;
      // A value of the wrong type is just `invalid`: zod may also run length checks on it (an array has a length).
      const mistyped = new Set(error.validation.filter((v) => v.keyword === 'invalid_type').map((v) => v.instancePath));
      for (const v of error.validation) {
        if (v.keyword !== 'invalid_type' && mistyped.has(v.instancePath)) continue;
        const path = pathOf(v.instancePath);
        const field = fieldPathOf(path, context);
        const reason = reasonOf(v.keyword, v.params as { minimum?: unknown; origin?: unknown }, valueAt(data, path));
        const list = (errors[field] ??= []);
        if (!list.includes(reason)) list.push(reason);
      }
      return reply.status(422).send(errorAnswer(request, errors));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.status(413).send(errorAnswer(request, { base: ['too_large'] }));
    if (status === 415) return reply.status(415).send(errorAnswer(request, { base: ['unsupported_media_type'] }));
    if (status === 429) return reply.status(429).send(errorAnswer(request, { base: ['rate_limit'] }));
    if (status >= 400 && status < 500) {
      // Malformed JSON, bad content length and the like: the client's fault, said without internals.
      return reply.status(400).send(errorAnswer(request, { base: ['invalid'] }));
    }
    if (isDatabaseUnavailable(error)) {
      // Seconds of clean refusals while the database restarts or fails over, not a fault of the request.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_S)).send(errorAnswer(request, { base: ['unavailable'] }));
    }
    request.log.error({ err: error }, 'unhandled error');
    // A fault is what a user reports: the answer names the request whose log lines tell what happened.
    return reply.status(500).send(errorAnswer(request, { base: ['server_error'] }));
  });
}

/** How long a client is asked to wait after a 503 for an unreachable database: a restart takes about that long. */
const DATABASE_RETRY_AFTER_S = 2;

export function registerApiNotFound(app: FastifyInstance) {
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorAnswer(request, { base: ['not_found'] }));
  });
}
