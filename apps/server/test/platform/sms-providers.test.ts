import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PRODUCTION_ENV, type TestApp } from '../support/harness.ts';
import { clients } from '../support/client.ts';
import { startProviderStub, type ProviderStub, type StubRequest } from '../support/provider-stub.ts';
import { loadConfig } from '../../src/config.ts';
import { AlibabaSms } from '../../src/platform/sms-alibaba.ts';
import { TwilioSms } from '../../src/platform/sms-twilio.ts';

/**
 * Real SMS through the providers' official SDKs (docs/decisions/0051-metrics-and-operations.md "Real SMS"),
 * against local stubs of their APIs: mainland numbers through Alibaba Cloud, others through Twilio, a refusal
 * thrown so the outbox retries, and the stubs' addresses refused in production.
 */
const TWILIO_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const ALIBABA = { accessKeyId: 'LTAI-test-key', accessKeySecret: 'test-secret', signName: '灯笼游戏', templateCode: 'SMS_123456789', templateParam: 'content' };
const TWILIO = { accountSid: TWILIO_SID, authToken: 'twilio-test-auth-token', from: '+15005550006' };

/** What the SDK sent, query and form together (Alibaba's RPC style may put parameters in either). */
const paramsOf = (request: StubRequest) => ({ ...Object.fromEntries(new URL(request.url, 'http://stub').searchParams), ...request.form });

let alibabaRefuses = false;
let twilioRefuses = false;
let alibaba: ProviderStub;
let twilio: ProviderStub;
beforeAll(async () => {
  alibaba = await startProviderStub(() => ({
    body: JSON.stringify(alibabaRefuses
      ? { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: 'limited', RequestId: 'req-2' }
      : { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId: 'req-1' }),
  }));
  twilio = await startProviderStub((request) => (twilioRefuses
    ? { status: 400, body: JSON.stringify({ code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 }) }
    : { status: 201, body: JSON.stringify({ sid: 'SM0123456789abcdef0123456789abcdef', status: 'queued', to: request.form.To, body: request.form.Body }) }));
});
afterAll(async () => {
  await alibaba.close();
  await twilio.close();
});

describe('Alibaba Cloud SMS', () => {
  it('sends the text in the approved template, under the signature, to the number without +86', async () => {
    const sender = new AlibabaSms({ ...ALIBABA, endpoint: alibaba.origin });
    await sender.send({ messageId: 1, to: '+8613912345678', text: '您的验证码是 123456' });
    const request = alibaba.requests.at(-1)!;
    const params = paramsOf(request);
    expect(params).toMatchObject({ PhoneNumbers: '13912345678', SignName: '灯笼游戏', TemplateCode: 'SMS_123456789' });
    expect(JSON.parse(params.TemplateParam!)).toEqual({ content: '您的验证码是 123456' });
    // The SDK's signed call (Alibaba's V3 signature): the action in a header, the key named in the signature.
    expect(request.headers['x-acs-action']).toBe('SendSms');
    expect(request.headers.authorization).toMatch(/^ACS3-HMAC-SHA256 Credential=LTAI-test-key,.*Signature=[0-9a-f]{64}$/);
  });

  it('throws when Alibaba refuses, so the outbox tries again', async () => {
    alibabaRefuses = true;
    try {
      await expect(new AlibabaSms({ ...ALIBABA, endpoint: alibaba.origin }).send({ messageId: 2, to: '13912345678', text: 'x' }))
        .rejects.toThrow(/isv\.BUSINESS_LIMIT_CONTROL/);
    } finally {
      alibabaRefuses = false;
    }
  });
});

describe('Twilio', () => {
  it('posts the message to the account, signed in with its SID and token', async () => {
    await new TwilioSms({ ...TWILIO, apiBase: twilio.origin }).send({ messageId: 3, to: '+447700900123', text: 'Your code is 654321' });
    const request = twilio.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe(`/2010-04-01/Accounts/${TWILIO_SID}/Messages.json`);
    expect(request.form).toMatchObject({ To: '+447700900123', From: '+15005550006', Body: 'Your code is 654321' });
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${TWILIO_SID}:twilio-test-auth-token`).toString('base64')}`);
  });

  it('throws when Twilio refuses, so the outbox tries again', async () => {
    twilioRefuses = true;
    try {
      await expect(new TwilioSms({ ...TWILIO, apiBase: twilio.origin }).send({ messageId: 4, to: '+10', text: 'x' })).rejects.toThrow(/not a valid phone number/);
    } finally {
      twilioRefuses = false;
    }
  });
});

describe('a code sent from either site', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        ALIBABA_SMS_ACCESS_KEY_ID: ALIBABA.accessKeyId, ALIBABA_SMS_ACCESS_KEY_SECRET: ALIBABA.accessKeySecret, ALIBABA_SMS_SIGN_NAME: ALIBABA.signName,
        ALIBABA_SMS_TEMPLATE_CODE: ALIBABA.templateCode, ALIBABA_SMS_ENDPOINT: alibaba.origin,
        TWILIO_ACCOUNT_SID: TWILIO.accountSid, TWILIO_AUTH_TOKEN: TWILIO.authToken, TWILIO_FROM: TWILIO.from, TWILIO_API_BASE: twilio.origin,
      },
    });
  });
  afterAll(() => t?.close());

  it('reaches a mainland number through Alibaba and an international one through Twilio', async () => {
    const api = clients(t);
    const mainland = await api.native.post('/api/message', { message: { type: 'Sms', target: '13987654321', purpose: 'sign_up' } });
    expect(mainland.statusCode, mainland.body).toBe(201);
    const abroad = await api.abroad.post('/api/message', { message: { type: 'Sms', target: '+447700900456', purpose: 'sign_up' } });
    expect(abroad.statusCode, abroad.body).toBe(201);
    await t.deps.outbox.drain();

    const toAlibaba = alibaba.requests.map(paramsOf).filter((p) => p.PhoneNumbers === '13987654321');
    expect(toAlibaba).toHaveLength(1);
    expect(JSON.parse(toAlibaba[0]!.TemplateParam!).content).toMatch(/\d{6}/);
    const toTwilio = twilio.requests.filter((r) => r.form.To === '+447700900456');
    expect(toTwilio).toHaveLength(1);
    expect(toTwilio[0]!.form.Body).toMatch(/\d{6}/);
  });
});

describe('configuration', () => {
  it('takes a provider by all its settings or none, and refuses the stubs in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'development', ALIBABA_SMS_ACCESS_KEY_ID: 'LTAI-x' })).toThrow(/ALIBABA_SMS_ACCESS_KEY_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'development', TWILIO_ACCOUNT_SID: TWILIO_SID })).toThrow(/TWILIO_AUTH_TOKEN/);
    expect(loadConfig({ NODE_ENV: 'development' }).sms).toEqual({ alibaba: null, twilio: null });
    expect(() => loadConfig({ ...PRODUCTION_ENV, TWILIO_API_BASE: 'http://127.0.0.1:1' })).toThrow(/TWILIO_API_BASE: for tests only/);
    expect(() => loadConfig({ ...PRODUCTION_ENV, ALIBABA_SMS_ENDPOINT: 'http://127.0.0.1:1' })).toThrow(/ALIBABA_SMS_ENDPOINT: for tests only/);
  });
});
