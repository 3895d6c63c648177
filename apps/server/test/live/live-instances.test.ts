import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATIONS_API } from '@lantern/contract';
import { createTestApp, type TestApp } from '../support/harness.ts';
import { clients } from '../support/client.ts';
import { signUpByEmail, type SignedUp } from '../support/factories.ts';
import { listen, SseClient } from '../support/live-support.ts';
import { EVERYONE, publishLive } from '../../src/modules/live/index.ts';

/**
 * Two server instances on one database (and, with REDIS_URL, one Redis), each on its own port as two
 * processes behind a load balancer would be: an event committed and pushed on A reaches a stream held on B
 * (docs/product/messaging.md#live-push). On PGlite the instances share the in-process store instead.
 */
let a: TestApp;
let b: TestApp;
let portA: number;
let portB: number;
let reader: SignedUp;
const open: SseClient[] = [];

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ sameDatabaseAs: a });
  portA = await listen(a);
  portB = await listen(b);
  reader = await signUpByEmail(a, clients(a).native);
});
afterAll(async () => {
  for (const client of open) client.close();
  await b.close();
  await a.close();
});

describe('live push across instances', () => {
  it('delivers an event published on A to a stream held on B, and a broadcast too', async () => {
    const onB = await SseClient.open(portB, { token: reader.token });
    open.push(onB);
    await onB.until(() => onB.events.some((e) => e.event === 'ready'));
    await publishLive(a.deps, [{ accountId: reader.id, type: 'private_message', data: { from: 'A', badges: { private_messages: 1 } } }]);
    await publishLive(a.deps, [{ accountId: EVERYONE, type: 'broadcast', data: { from: 'A' } }]);
    await onB.until(() => onB.events.length === 3);
    expect(onB.events.slice(1).map((e) => [e.event, e.data])).toEqual([
      ['private_message', { from: 'A', badges: { private_messages: 1 } }],
      ['broadcast', { from: 'A' }],
    ]);
  });

  it('carries a private message sent through A\'s API to the recipient\'s stream on B, with its unread badge', async () => {
    const sender = await signUpByEmail(a, clients(a).native);
    const onB = await SseClient.open(portB, { token: reader.token });
    open.push(onB);
    await onB.until(() => onB.events.some((e) => e.event === 'ready'));
    const sent = await clients(a).native.post(CONVERSATIONS_API.privateMessages, { target_id: reader.id, private_message: { content: 'from instance A' } }, { token: sender.token });
    expect(sent.statusCode, sent.body).toBe(201);
    await onB.until(() => onB.events.some((e) => e.event === 'private_message'));
    expect(onB.events.find((e) => e.event === 'private_message')?.data).toMatchObject({
      action: 'sent', conversation_id: sent.json().conversation_id, badges: { private_messages: 1 },
    });
  });

  it('resumes on B a stream that was held on A, losing nothing', async () => {
    const onA = await SseClient.open(portA, { token: reader.token });
    open.push(onA);
    await onA.until(() => onA.events.some((e) => e.event === 'ready'));
    onA.close();
    await publishLive(a.deps, [{ accountId: reader.id, type: 'while_away', data: { n: 1 } }]);
    const onB = await SseClient.open(portB, { token: reader.token, lastEventId: onA.lastId! });
    open.push(onB);
    await onB.until(() => onB.events.length === 1);
    expect(onB.events[0]).toMatchObject({ event: 'while_away', data: { n: 1 } });
  });
});
