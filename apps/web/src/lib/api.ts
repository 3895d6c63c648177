import { API, COOKIES, CSRF_HEADER } from '@lantern/contract';
import { ACCESS_WAIT_RETRY_MS } from '@lantern/domain';
import { readCookie } from './cookies';

/**
 * The one API client of the web (docs/product/screens.md#api-client). Every call:
 *  - carries `client=web&version=1` (docs/product/README.md#clients-and-api-versions) and the site's cookies;
 *  - sends JSON bodies and, on writes, the double-submit CSRF header;
 *  - on a 401 tries one silent refresh of the session and retries once; if the refresh token was just
 *    rotated by another tab (409 `refresh_token: in_protection`, docs/product/accounts.md#refresh-protection) it retries without logging out;
 *    otherwise it reports the 401, which opens the global sign-in popup (docs/product/screens.md#sign-in-popup);
 *  - on a 429 `access_wait` waits ACCESS_WAIT_RETRY_MS and asks once more (docs/product/screens.md), unless the
 *    answer's `meta.retry_after` asks for longer (a community action's wait): that one is the reader's to see.
 */

export type Reasons = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  readonly errors: Reasons;
  readonly meta: Record<string, unknown>;

  constructor(status: number, errors: Reasons = {}, meta: Record<string, unknown> = {}) {
    const first = Object.entries(errors)[0];
    super(first ? `HTTP ${status}: ${first[0]} ${first[1].join(',')}` : `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.meta = meta;
  }

  /** True when `field` carries `reason` (or any reason when none is given). */
  has(field: string, reason?: string): boolean {
    const list = this.errors[field];
    if (!list) return false;
    return reason === undefined ? list.length > 0 : list.includes(reason);
  }

  get isTimeout() {
    return this.status === 0 && this.has('base', 'timeout');
  }

  get isNetwork() {
    return this.status === 0 && this.has('base', 'network');
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

type QueryPrimitive = string | number | boolean | null | undefined;
export type QueryValue = QueryPrimitive | QueryPrimitive[] | { [key: string]: QueryValue };

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  /**
   * required (default): a 401 refreshes, then opens the sign-in popup.
   * optional: a 401 refreshes, then just throws (the `me` query: a guest is not an error).
   * none: a 401 just throws (sign-in calls themselves, the refresh call).
   */
  auth?: 'required' | 'optional' | 'none';
  /** Abort and throw an ApiError(0, {base:['timeout']}) after this many ms (sign-in: 10 s, docs/product/limits.md). */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Extra request headers (an appeal's tracking token, docs/product/engagement.md#appeal-tracking). */
  headers?: Record<string, string>;
}

interface Hooks {
  /** A 401 that the refresh could not cure: open the sign-in popup. */
  onUnauthorized: () => void;
  /** The session was refreshed silently. */
  onRefreshed: () => void;
}

const hooks: Hooks = { onUnauthorized: () => {}, onRefreshed: () => {} };

export function configureApi(next: Partial<Hooks>) {
  Object.assign(hooks, next);
}

function appendQuery(params: URLSearchParams, key: string, value: QueryValue) {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const v of value) if (v !== undefined && v !== null) params.append(`${key}[]`, String(v));
  } else if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) appendQuery(params, `${key}[${k}]`, v);
  } else {
    params.append(key, String(value));
  }
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  params.set('client', 'web');
  params.set('version', '1');
  if (query) for (const [k, v] of Object.entries(query)) appendQuery(params, k, v);
  return `${path}${path.includes('?') ? '&' : '?'}${params.toString()}`;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toError(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object' && 'errors' in body) {
    const b = body as { errors?: unknown; meta?: unknown };
    const errors: Reasons = {};
    if (b.errors && typeof b.errors === 'object') {
      for (const [k, v] of Object.entries(b.errors as Record<string, unknown>)) {
        errors[k] = Array.isArray(v) ? v.map(String) : [String(v)];
      }
    }
    const meta = b.meta && typeof b.meta === 'object' ? (b.meta as Record<string, unknown>) : {};
    return new ApiError(status, errors, meta);
  }
  // The forum host's envelope (docs/product/community.md#reply-codes): its reason as the base reason, and
  // the server's own words kept in `meta.errorMsg` for the places that show them (a failed vote).
  if (body && typeof body === 'object' && 'errorMsg' in body) {
    const b = body as { errorMsg?: unknown; reason?: unknown };
    const reason = typeof b.reason === 'string' ? b.reason : status >= 500 ? 'server_error' : 'unknown';
    return new ApiError(status, { base: [reason] }, typeof b.errorMsg === 'string' ? { errorMsg: b.errorMsg } : {});
  }
  const fallback: Record<number, string> = { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 429: 'rate_limit' };
  return new ApiError(status, { base: [fallback[status] ?? (status >= 500 ? 'server_error' : 'unknown')] });
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const method = opts.method ?? 'GET';
  const headers: Record<string, string> = { ...opts.headers, Accept: 'application/json' };
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  if (method !== 'GET') {
    const csrf = readCookie(COOKIES.csrf);
    if (csrf) headers[CSRF_HEADER] = csrf;
  }
  const controller = new AbortController();
  let timedOut = false;
  const timer = opts.timeoutMs
    ? setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, opts.timeoutMs)
    : undefined;
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);
  try {
    return await fetch(buildUrl(path, opts.query), {
      method,
      headers,
      body,
      credentials: 'include',
      signal: controller.signal,
    });
  } catch (e) {
    if (timedOut) throw new ApiError(0, { base: ['timeout'] });
    if (opts.signal?.aborted) throw e;
    throw new ApiError(0, { base: ['network'] });
  } finally {
    if (timer) clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

type RefreshOutcome = 'refreshed' | 'in_protection' | 'failed';
let refreshing: Promise<RefreshOutcome> | null = null;

/** One refresh at a time: concurrent 401s share it. The refresh token travels as an httpOnly cookie. */
export function refreshSession(): Promise<RefreshOutcome> {
  refreshing ??= (async (): Promise<RefreshOutcome> => {
    try {
      const res = await send(API.accessToken, { method: 'PATCH' });
      if (res.ok) {
        await readBody(res);
        return 'refreshed';
      }
      const err = toError(res.status, await readBody(res));
      if (res.status === 409 && err.has('refresh_token', 'in_protection')) return 'in_protection';
      return 'failed';
    } catch {
      return 'failed';
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const auth = opts.auth ?? 'required';
  let res = await send(path, opts);
  let data = await readBody(res);
  if (res.status === 401 && auth !== 'none') {
    const outcome = await refreshSession();
    if (outcome !== 'failed') {
      if (outcome === 'refreshed') hooks.onRefreshed();
      res = await send(path, opts);
      data = await readBody(res);
    }
    if (res.status === 401 && auth === 'required') hooks.onUnauthorized();
  }
  if (isBriefWait(res.status, data)) {
    await new Promise((resolve) => setTimeout(resolve, ACCESS_WAIT_RETRY_MS));
    res = await send(path, opts);
    data = await readBody(res);
  }
  if (!res.ok) throw toError(res.status, data);
  return data as T;
}

/** A 429 `access_wait` worth one retry: a wait no longer than the retry's own delay (or none named). */
function isBriefWait(status: number, body: unknown): boolean {
  if (status !== 429) return false;
  const e = toError(status, body);
  if (!Object.values(e.errors).some((reasons) => reasons.includes('access_wait'))) return false;
  const after = e.meta.retry_after;
  return typeof after !== 'number' || after * 1000 <= ACCESS_WAIT_RETRY_MS;
}

export const api = {
  get: <T>(path: string, opts: Omit<RequestOptions, 'method' | 'body'> = {}) => request<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...opts, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...opts, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    request<T>(path, { ...opts, method: 'PATCH', body }),
  delete: <T>(path: string, opts: Omit<RequestOptions, 'method' | 'body'> = {}) => request<T>(path, { ...opts, method: 'DELETE' }),
};

/** Where a page asks for it (docs/product/errors.md#general): a 404 goes to /404, a 5xx to /500. Returns the target or null. */
export function errorPageFor(e: unknown): '/404' | '/500' | null {
  if (!isApiError(e)) return null;
  if (e.status === 404) return '/404';
  if (e.status >= 500) return '/500';
  return null;
}
