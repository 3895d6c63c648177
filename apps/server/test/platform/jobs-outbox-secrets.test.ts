import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { email, latestCode, phone, sendCode } from '../support/factories.ts';
import { RecordingSender, capturedLog } from '../support/jobs-support.ts';
import { Outbox } from '../../src/platform/outbox.ts';
import { outboxMessages } from '../../src/platform/db/platform-tables.ts';
import { useTestApp } from '../support/test-app.ts';

// The app's own senders (the sandboxes), logging into lines the tests read.
const { log, lines } = capturedLog();
const { t, api } = useTestApp({ log });

async function storedBody(recipient: string) {
  const [row] = await t.deps.db.select({ id: outboxMessages.id, body: outboxMessages.body }).from(outboxMessages).where(eq(outboxMessages.recipient, recipient));
  return row!;
}

describe('verification codes in the outbox', () => {
  it('stores a message body encrypted, never as the text with its code', async () => {
    const address = email();
    expect((await sendCode(api.abroad, 'Email', address, 'sign_up')).statusCode).toBe(201);
    await t.deps.outbox.drain();
    const code = await latestCode(t, address);
    const { body } = await storedBody(address);
    expect(body).not.toContain(code);
    expect(t.deps.secrets.decrypt(body)).toContain(code);
  });

  it('logs an SMS sent in the sandbox by recipient and message id, never its code', async () => {
    const number = phone();
    expect((await sendCode(api.native, 'Sms', number, 'sign_up')).statusCode).toBe(201);
    await t.deps.outbox.drain();
    const code = await latestCode(t, number);
    const { id } = await storedBody(number);

    expect(lines.find((line) => line.msg === 'sandbox SMS sent' && line.to === number)).toMatchObject({ messageId: id });
    // As a word: a timestamp's digits may happen to contain the code's.
    const showsCode = new RegExp(`\\b${code}\\b`);
    expect(lines.filter((line) => showsCode.test(JSON.stringify(line)))).toEqual([]);
  });

  it('keeps a delivered body for the dev outbox outside production', async () => {
    const address = email();
    expect((await sendCode(api.abroad, 'Email', address, 'sign_up')).statusCode).toBe(201);
    await t.deps.outbox.drain();
    const res = await api.abroad.get('/__dev/outbox', { query: { to: address } });
    expect(res.json().messages[0]).toMatchObject({ state: 'delivered', code: await latestCode(t, address) });
    expect((await storedBody(address)).body).not.toBe('');
  });

  it('blanks the body in production once the message is delivered or given up', async () => {
    const gateway = new RecordingSender();
    const production = new Outbox(t.deps.db, {
      clock: t.clock, secrets: t.deps.secrets, sms: gateway, mail: gateway, log, keepBodies: false, retryDelaysMs: [],
    });
    const [delivered, refused] = [email('sent'), email('refused')];
    gateway.refuse(refused);
    const ids = [
      await production.enqueue(t.deps.db, { channel: 'email', recipient: delivered, subject: 'Code', body: 'Your code is 482913' }),
      await production.enqueue(t.deps.db, { channel: 'email', recipient: refused, subject: 'Code', body: 'Your code is 739201' }),
    ];
    await production.deliverPending();

    expect(gateway.accepted).toEqual([{ messageId: ids[0], to: delivered, text: 'Your code is 482913' }]);
    const rows = await t.deps.db.select().from(outboxMessages).where(inArray(outboxMessages.id, ids)).orderBy(outboxMessages.id);
    expect(rows.map((row) => ({ body: row.body, delivered: row.deliveredAt !== null, failed: row.failedAt !== null }))).toEqual([
      { body: '', delivered: true, failed: false },
      { body: '', delivered: false, failed: true },
    ]);
  });
});
