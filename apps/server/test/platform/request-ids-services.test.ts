import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clients } from '../support/client.ts';
import { createLogger, registerRequestContext } from '../../src/platform/request-context.ts';
import { registerErrorHandling } from '../../src/platform/errors.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * A user's report of an error finds its log lines (docs/decisions/0051-metrics-and-operations.md): every line
 * logged while a request is served names it, services' lines included, and a fault's answer names it too.
 */
const lines: Record<string, unknown>[] = [];
const rawLines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      rawLines.push(line);
      lines.push(JSON.parse(line) as Record<string, unknown>);
    }
    done();
  },
});

const { t } = useTestApp({ log: createLogger('info', sink) });

describe('log lines', () => {
  it('of a service working for a request carry that request id, once', async () => {
    const res = await clients(t).native.post('/api/message', { message: { type: 'Email', target: 'logged@example.com', purpose: 'sign_up' } });
    expect(res.statusCode, res.body).toBe(201);
    // The code goes out right after the commit, still on the request's behalf.
    await t.deps.outbox.drain();
    const requestId = res.headers['x-request-id'];
    const sent = lines.find((l) => l.msg === 'sandbox e-mail accepted (no SMTP_URL)');
    expect(sent?.reqId).toBe(requestId);
    // Fastify's own line for the request binds the id itself: the mixin does not write it a second time.
    const ofRequest = rawLines.filter((l) => l.includes(`"${String(requestId)}"`));
    expect(ofRequest.some((l) => l.includes('"msg":"request completed"'))).toBe(true);
    for (const line of ofRequest) expect(line.match(/"reqId":/g)).toHaveLength(1);
  });
});

describe('a fault', () => {
  it('answers the request id with the error, the same as the x-request-id header', async () => {
    const app = Fastify({ genReqId: () => 'req-fault-1' });
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
    registerRequestContext(app);
    registerErrorHandling(app);
    app.get('/boom', async () => {
      throw new Error('something broke');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ errors: { base: ['server_error'] }, meta: { request_id: 'req-fault-1' } });
    expect(res.headers['x-request-id']).toBe('req-fault-1');
    await app.close();
  });
});
