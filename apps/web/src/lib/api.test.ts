import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, configureApi } from './api';
import { mockFetch } from '../test/fetchMock';

const ok = (body: unknown) => ({ status: 200, body });
const unauthorized = { status: 401, body: { errors: { base: ['unauthorized'] } } };

describe('api client', () => {
  const onUnauthorized = vi.fn();
  const onRefreshed = vi.fn();

  beforeEach(() => {
    onUnauthorized.mockReset();
    onRefreshed.mockReset();
    configureApi({ onUnauthorized, onRefreshed });
    document.cookie = 'lantern_csrf=csrf-123; path=/';
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    document.cookie = 'lantern_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('adds client=web&version=1, sends cookies, JSON and the CSRF header on writes only', async () => {
    const f = mockFetch({ 'GET /api/me': [ok({ id: 1 })], 'POST /api/message': [ok({ sent: true })] });
    await api.get('/api/me', { query: { q: { id_in: [1, 2] }, page: 2 } });
    await api.post('/api/message', { message: { type: 'Email' } });
    const [get, post] = f.calls;
    expect(get!.url.searchParams.get('client')).toBe('web');
    expect(get!.url.searchParams.get('version')).toBe('1');
    expect(get!.url.searchParams.getAll('q[id_in][]')).toEqual(['1', '2']);
    expect(get!.url.searchParams.get('page')).toBe('2');
    expect(get!.credentials).toBe('include');
    expect(get!.headers['x-csrf-token']).toBeUndefined();
    expect(post!.headers['x-csrf-token']).toBe('csrf-123');
    expect(post!.headers['Content-Type']).toBe('application/json');
    expect(post!.body).toEqual({ message: { type: 'Email' } });
  });

  it('turns an error body into a typed ApiError with errors and meta', async () => {
    mockFetch({ 'POST /api/identification': [{ status: 422, body: { errors: { code: ['invalid'] }, meta: { daily_remaining: 2, total_remaining: 9 } } }] });
    const e = await api.post('/api/identification', {}).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).status).toBe(422);
    expect((e as ApiError).has('code', 'invalid')).toBe(true);
    expect((e as ApiError).meta).toEqual({ daily_remaining: 2, total_remaining: 9 });
  });

  it("reads a forum-host refusal ({ code, data, errorMsg, reason }) as its reason, keeping the server's words", async () => {
    mockFetch({ 'POST /support/vote/activity/client/vote': [{ status: 400, body: { code: 400, data: null, errorMsg: '您已经投过票了', reason: 'taken' } }] });
    const e = await api.post('/support/vote/activity/client/vote', { activityId: 1, optionId: 2 }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).has('base', 'taken')).toBe(true);
    expect((e as ApiError).meta).toEqual({ errorMsg: '您已经投过票了' });
  });

  it('on 401 refreshes silently (PATCH /api/access_token, no body) and retries the call once', async () => {
    const f = mockFetch({ 'GET /api/me/orders': [unauthorized, ok({ orders: [] })], 'PATCH /api/access_token': [ok({ token_type: 'Bearer' })] });
    await expect(api.get('/api/me/orders')).resolves.toEqual({ orders: [] });
    expect(f.count('PATCH /api/access_token')).toBe(1);
    expect(f.count('GET /api/me/orders')).toBe(2);
    const refresh = f.calls.find((c) => c.method === 'PATCH')!;
    expect(refresh.body).toBeUndefined();
    expect(refresh.headers['x-csrf-token']).toBe('csrf-123');
    expect(onRefreshed).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('when the refresh token is in its protection period (409 in_protection), retries without logging out', async () => {
    const f = mockFetch({
      'GET /api/me/orders': [unauthorized, ok({ orders: [1] })],
      'PATCH /api/access_token': [{ status: 409, body: { errors: { refresh_token: ['in_protection'] } } }],
    });
    await expect(api.get('/api/me/orders')).resolves.toEqual({ orders: [1] });
    expect(f.count('GET /api/me/orders')).toBe(2);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('opens the sign-in popup when the refresh fails, and does not retry the call', async () => {
    const f = mockFetch({ 'POST /api/me/clock_in': [unauthorized], 'PATCH /api/access_token': [unauthorized] });
    const e = await api.post('/api/me/clock_in').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(f.count('POST /api/me/clock_in')).toBe(1);
  });

  it('opens the popup when the retried call is still 401 after a successful refresh', async () => {
    const f = mockFetch({ 'GET /api/me/orders': [unauthorized, unauthorized], 'PATCH /api/access_token': [ok({})] });
    await expect(api.get('/api/me/orders')).rejects.toMatchObject({ status: 401 });
    expect(f.count('GET /api/me/orders')).toBe(2);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('a refresh 409 for another reason (reuse detected) is a sign-out, not a retry', async () => {
    const f = mockFetch({ 'GET /api/me/orders': [unauthorized], 'PATCH /api/access_token': [{ status: 409, body: { errors: { refresh_token: ['reused'] } } }] });
    await expect(api.get('/api/me/orders')).rejects.toMatchObject({ status: 401 });
    expect(f.count('GET /api/me/orders')).toBe(1);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('auth "optional" (the me query) refreshes but never opens the popup', async () => {
    mockFetch({ 'GET /api/me': [unauthorized], 'PATCH /api/access_token': [unauthorized] });
    await expect(api.get('/api/me', { auth: 'optional' })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('auth "none" (sign-in itself) neither refreshes nor opens the popup', async () => {
    const f = mockFetch({ 'POST /api/access_token': [{ status: 401, body: { errors: { base: ['invalid'] } } }] });
    await expect(api.post('/api/access_token', {}, { auth: 'none' })).rejects.toMatchObject({ status: 401 });
    expect(f.count('PATCH /api/access_token')).toBe(0);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('concurrent 401s share a single refresh', async () => {
    let n = 0;
    const f = mockFetch({
      'GET /api/a': [unauthorized, ok('a')],
      'GET /api/b': [unauthorized, ok('b')],
      'PATCH /api/access_token': [
        async () => {
          n++;
          await new Promise((r) => setTimeout(r, 10));
          return ok({});
        },
      ],
    });
    await expect(Promise.all([api.get('/api/a'), api.get('/api/b')])).resolves.toEqual(['a', 'b']);
    expect(n).toBe(1);
    expect(f.count('PATCH /api/access_token')).toBe(1);
  });

  it('gives a timeout error when the server does not answer in time', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((_: unknown, init: RequestInit) => new Promise((_r, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))),
    );
    const e = await api.post('/api/access_token', {}, { auth: 'none', timeoutMs: 20 }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).isTimeout).toBe(true);
  });
  it('asks once more 500 ms after a 429 access_wait, and reports a second one', async () => {
    vi.useFakeTimers();
    const wait = { status: 429, body: { errors: { base: ['access_wait'] }, meta: {} } };
    const f = mockFetch({ 'GET /api/lottery': [wait, ok({ drawn: true })], 'POST /api/lottery': [wait] });
    const first = api.get('/api/lottery');
    await vi.advanceTimersByTimeAsync(499);
    expect(f.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(first).resolves.toEqual({ drawn: true });
    expect(f.calls).toHaveLength(2);
    const second = api.post('/api/lottery', {}).catch((x: unknown) => x);
    await vi.advanceTimersByTimeAsync(500);
    const e = await second;
    expect((e as ApiError).has('base', 'access_wait')).toBe(true);
    expect(f.calls).toHaveLength(4);
  });

  it("leaves a community action's longer access_wait (meta.retry_after) to the reader, without asking again", async () => {
    const f = mockFetch({ 'POST /api/comments': [{ status: 429, body: { errors: { base: ['access_wait'] }, meta: { retry_after: 30 } } }] });
    const e = await api.post('/api/comments', {}).catch((x: unknown) => x);
    expect((e as ApiError).status).toBe(429);
    expect((e as ApiError).meta).toEqual({ retry_after: 30 });
    expect(f.calls).toHaveLength(1);
  });
});
