import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { HOSTS } from '../support/harness.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * A request's id is in every answer (x-request-id) and in every log line of that request, so a user's
 * screenshot of an error leads to its lines (docs/ARCHITECTURE.md#health).
 */
const lines: Array<{ reqId?: string; msg?: string }> = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as { reqId?: string });
    done();
  },
});
const { t } = useTestApp({ log: pino({ level: 'info' }, sink) });

describe('request ids', () => {
  it('name each answer, error or not, with an id of its own', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/v1/fetch_region', headers: { host: HOSTS.native } });
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-call', headers: { host: HOSTS.abroad } });
    const invalid = await t.app.inject({ method: 'POST', url: '/api/access_token', headers: { host: HOSTS.native, 'content-type': 'application/json' }, payload: '{not json' });
    expect(missing.statusCode).toBe(404);
    expect(invalid.statusCode).toBeGreaterThanOrEqual(400);
    const ids = [ok, missing, invalid].map((res) => res.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
  });

  it('are in the log lines of their request, and a client cannot choose one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/fetch_region', headers: { host: HOSTS.native, 'x-request-id': 'chosen-by-client' } });
    const id = res.headers['x-request-id'] as string;
    expect(id).not.toBe('chosen-by-client');
    const own = lines.filter((line) => line.reqId === id);
    expect(own.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });
});
