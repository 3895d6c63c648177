import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { APPEAL_HOLD_HOURS, APPEAL_MAX_ATTACHMENTS, APPEAL_RESET_TOKEN_TTL_SECONDS, RECOVERY_HOLD_DAYS } from '@lantern/domain';
import { type SiteClient } from '../support/client.ts';
import { PASSWORD, email, latestCode, nextIp, phone, sendCode, signUpByEmail, signUpByPhone, updateAccount } from '../support/factories.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { buyGame, fundWallet } from '../support/payments-factories.ts';
import { issueRedeemCodes } from '../../src/modules/redeem/issue.ts';
import { releaseHeldAppeals } from '../../src/modules/appeals/index.ts';
import { startSession } from '../../src/modules/accounts/sessions.ts';
import { appeals } from '../../src/modules/appeals/tables.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * Account appeals end to end through the API (docs/product/engagement.md#appeals): filing with every refusal of
 * docs/product/engagement.md#appeal-reasons, the contact's list and detail, staff review, the 72-hour hold old contacts may deny, the reset
 * token (15 minutes, once, hashed), and what a reset leaves: sessions revoked, old contacts told, the
 * 15-day recovery hold on redeeming and the wallet. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
const { t, api } = useTestApp();
let staff: { id: number; token: string };
beforeAll(async () => {
  staff = await makeAccount(t, { role: 'staff' });
});

const NEW_PASSWORD = 'Amber-Lantern-Reset-58';
const mails = (to: string) => t.deps.outbox.list(to, 20);
const tokenIn = (body: string, path: string) => body.match(new RegExp(`${path}\\?[a-z]+=([A-Za-z0-9_%-]+)`))?.[1];

interface Filing {
  connect: string;
  ip: string;
  body: Record<string, unknown>;
}

/** A complete, valid filing for the account known by `known` (e-mail or phone), from a fresh address. */
async function prepareFiling(client: SiteClient, known: { email?: string; phone_number?: string }, extra: Record<string, unknown> = {}): Promise<Filing> {
  const ip = nextIp();
  const form = (await client.get('/api/appeals/new', { ip })).json();
  const connect = email('contact');
  const sent = await sendCode(client, 'Email', connect, 'appeal');
  expect(sent.statusCode, sent.body).toBe(201);
  const captcha = await t.deps.captcha.peek(form.captcha.captcha_id);
  return {
    connect, ip,
    body: {
      signature: form.signature, captcha_id: form.captcha.captcha_id, captcha, message: { number: await latestCode(t, connect) },
      connect_email: connect, city: 'Hangzhou', description: 'I lost my phone and cannot sign in.', ...known, ...extra,
    },
  };
}

const post = (client: SiteClient, f: Filing, overrides: Record<string, unknown> = {}) =>
  client.post('/api/appeals', { appeal: { ...f.body, ...overrides } }, { ip: f.ip });

async function fileFor(client: SiteClient, known: { email?: string; phone_number?: string }, extra: Record<string, unknown> = {}) {
  const f = await prepareFiling(client, known, extra);
  const res = await post(client, f);
  expect(res.statusCode, res.body).toBe(201);
  return { ...f, id: res.json().appeal.id as number, tracking: res.json().tracking_token as string };
}

/** A fresh staff session: tests move the clock past an access token's life. */
const staffToken = async () => (await startSession(t.deps, t.deps.db, staff.id, 'native')).accessToken;
const decide = async (id: number, decision: 'accept' | 'reject', reason?: string) =>
  api.native.patch(`/api/admin/appeals/${id}`, { decision, ...(reason && { reason }) }, { token: await staffToken() });

/** Filed, accepted, the hold over and the job run: the reset token the contact e-mail received. */
async function resettable(client: SiteClient, known: { email?: string; phone_number?: string }, extra: Record<string, unknown> = {}) {
  const filed = await fileFor(client, known, extra);
  expect((await decide(filed.id, 'accept')).statusCode).toBe(200);
  t.clock.advance(APPEAL_HOLD_HOURS * 3600);
  await releaseHeldAppeals(t.deps);
  const [mail] = await mails(filed.connect);
  const token = tokenIn(mail!.body, '/appeals/reset');
  expect(token).toBeDefined();
  return { ...filed, token: decodeURIComponent(token!) };
}

describe('GET /api/appeals/new', () => {
  it('answers a signed form token with its expiry, a captcha and the limits, never stored', async () => {
    const res = await api.abroad.get('/api/appeals/new');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.signature).toMatch(/^\d+\.[\w-]+\.[\w-]+$/);
    expect(body.signature_expires_at_timestamp).toBeGreaterThan(Math.floor(t.clock.now().getTime() / 1000));
    expect(body.captcha.svg).toContain('<svg');
    expect(body).toMatchObject({ max_attachments: APPEAL_MAX_ATTACHMENTS, description_max: 2000 });
  });
});

describe('POST /api/appeals', () => {
  it('files an appeal: the contact gets a tracking link, the appellant sees no evidence, staff see it scored', async () => {
    const owner = await signUpByEmail(t, api.abroad);
    const f = await prepareFiling(api.abroad, { email: owner.email }, { password: PASSWORD });
    const res = await post(api.abroad, f);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.appeal).toMatchObject({ state: 'filed', connect_email: f.connect, city: 'Hangzhou', reject_reason: null });
    expect(body.appeal).not.toHaveProperty('evidence');
    expect(body.tracking_token).toMatch(/^[\w-]{40,}$/);
    const [mail] = await mails(f.connect);
    expect(tokenIn(mail!.body, '/appeals')).toBe(body.tracking_token);

    const seen = (await api.native.get(`/api/admin/appeals/${body.appeal.id}`, { token: await staffToken() })).json();
    expect(seen).toMatchObject({ account_id: owner.id, site: 'abroad', known_email: owner.email });
    expect(seen.evidence).toMatchObject({ password_matches: true, game_owned: null, email_matches: true, phone_matches: false, city_given: true, attachments: 0, score: 55 });
    const [row] = await t.deps.db.select().from(appeals).where(eq(appeals.id, body.appeal.id));
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
  });

  it('weighs a wrong old password as not matching', async () => {
    const owner = await signUpByPhone(t, api.native);
    const filed = await fileFor(api.native, { phone_number: owner.phone }, { password: 'Not-My-Password-1' });
    const seen = (await api.native.get(`/api/admin/appeals/${filed.id}`, { token: await staffToken() })).json();
    expect(seen.evidence).toMatchObject({ password_matches: false, phone_matches: true, email_matches: false });
  });

  it('refuses every reason of the spec', async () => {
    const owner = await signUpByEmail(t, api.abroad);
    const known = { email: owner.email };
    const errorsOf = async (res: Awaited<ReturnType<typeof post>>, status: number) => {
      expect(res.statusCode, res.body).toBe(status);
      return res.json().errors;
    };

    const f = await prepareFiling(api.abroad, known);
    const [expires, nonce, mac] = (f.body.signature as string).split('.');
    expect(await errorsOf(await post(api.abroad, f, { signature: `${Number(expires) + 999}.${nonce}.${mac}` }), 422)).toEqual({ signature: ['invalid'] });
    expect(await errorsOf(await post(api.abroad, f, { signature: 'garbage' }), 422)).toEqual({ signature: ['invalid'] });
    expect(await errorsOf(await post(api.abroad, f, { attachments: Array.from({ length: APPEAL_MAX_ATTACHMENTS + 1 }, (_, i) => `/uploads/x${i}.png`) }), 422)).toEqual({ attachments: ['over_limit'] });
    expect(await errorsOf(await post(api.abroad, f, { attachments: ['https://elsewhere.example/a.png'] }), 422)).toEqual({ attachments: ['invalid'] });
    expect(await errorsOf(await post(api.abroad, f, { email: 'not-an-email', connect_email: '' }), 422)).toEqual({ email: ['invalid'], connect_email: ['blank'] });
    expect(await errorsOf(await post(api.abroad, f, { email: undefined, description: ' ' }), 422)).toEqual({ email: ['blank'], description: ['blank'] });
    expect(await errorsOf(await post(api.abroad, f, { captcha: 'zzzz' }), 422)).toEqual({ captcha: ['invalid'] });

    // The captcha was spent by the wrong answer: a fresh one, and a wrong message number.
    const g = await prepareFiling(api.abroad, known);
    expect(await errorsOf(await post(api.abroad, g, { message: { number: '000000' } }), 422)).toEqual({ message: ['invalid'] });

    const h = await prepareFiling(api.abroad, { email: email('nobody') });
    expect(await errorsOf(await post(api.abroad, h), 404)).toEqual({ account: ['not_found'] });

    // An account of the other site: account_not_in_current_region.
    const i = await prepareFiling(api.native, known);
    const mismatch = await post(api.native, i);
    expect(await errorsOf(mismatch, 422)).toEqual({ region: ['mismatch'] });
    expect(mismatch.json().meta).toEqual({ account_not_in_current_region: true });

    // A signature files one appeal; and it expires after an hour.
    const j = await prepareFiling(api.abroad, known);
    expect((await post(api.abroad, j)).statusCode).toBe(201);
    const again = await prepareFiling(api.abroad, known);
    expect(await errorsOf(await post(api.abroad, again, { signature: j.body.signature }), 422)).toEqual({ signature: ['invalid'] });
    const k = await prepareFiling(api.abroad, known);
    t.clock.advance(3600);
    expect(await errorsOf(await post(api.abroad, k), 422)).toEqual({ signature: ['expired'] });
  });

  it('counts filings per address before anything is compared (429 rate_limit)', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let n = 0; n < 11; n++) {
      const res = await api.native.post('/api/appeals', { appeal: { signature: 'x', message: { number: '1' }, connect_email: 'a@b.co', description: 'x' } }, { ip });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('asks an e-mail contact code: an appeal code cannot go to a phone', async () => {
    const res = await sendCode(api.native, 'Sms', phone(), 'appeal');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ type: ['invalid'] });
  });
});

describe('GET /api/appeals (the contact\'s list and detail)', () => {
  it('lists by the tracking token, opens one, and hides others\' appeals', async () => {
    const owner = await signUpByEmail(t, api.abroad);
    const mine = await fileFor(api.abroad, { email: owner.email });
    const other = await fileFor(api.abroad, { email: owner.email });
    const headers = { 'x-appeal-tracking': mine.tracking };
    const list = await api.abroad.get('/api/appeals', { headers, ip: nextIp() });
    expect(list.statusCode).toBe(200);
    expect(list.json().appeals.map((a: { id: number }) => a.id)).toEqual([mine.id]);
    const detail = await api.abroad.get('/api/appeals', { headers, ip: nextIp(), query: { id: String(mine.id) } });
    expect(detail.json().appeal).toMatchObject({ id: mine.id, state: 'filed' });
    expect((await api.abroad.get('/api/appeals', { headers, ip: nextIp(), query: { id: String(other.id) } })).statusCode).toBe(404);
    // On the other site the tracking token opens nothing.
    expect((await api.native.get('/api/appeals', { headers, ip: nextIp() })).statusCode).toBe(401);
    expect((await api.abroad.get('/api/appeals', { ip: nextIp() })).statusCode).toBe(401);
    expect((await api.abroad.get('/api/appeals', { ip: nextIp(), headers: { 'x-appeal-tracking': 'wrong' } })).json().errors).toEqual({ base: ['token_invalid'] });
  });

  it('gives a contact who lost the link a new tracking token for a code sent to the e-mail', async () => {
    const owner = await signUpByEmail(t, api.abroad);
    const filed = await fileFor(api.abroad, { email: owner.email });
    t.clock.advance(61);
    await sendCode(api.abroad, 'Email', filed.connect, 'appeal');
    const wrong = await api.abroad.get('/api/appeals', { ip: nextIp(), query: { connect_email: filed.connect, number: '000000' } });
    expect(wrong.json().errors).toEqual({ message: ['invalid'] });
    t.clock.advance(61);
    await sendCode(api.abroad, 'Email', filed.connect, 'appeal');
    const res = await api.abroad.get('/api/appeals', { ip: nextIp(), query: { connect_email: filed.connect, number: await latestCode(t, filed.connect) } });
    expect(res.statusCode).toBe(200);
    expect(res.json().appeals.map((a: { id: number }) => a.id)).toEqual([filed.id]);
    const again = await api.abroad.get('/api/appeals', { ip: nextIp(), headers: { 'x-appeal-tracking': res.json().tracking_token } });
    expect(again.json().appeals).toHaveLength(1);
  });
});

describe('staff review (PATCH /api/admin/appeals/{id})', () => {
  it('is the staff scope\'s: an account without it is refused', async () => {
    const user = await makeAccount(t);
    expect((await api.native.get('/api/admin/appeals', { token: user.token })).statusCode).toBe(403);
    expect((await api.native.get('/api/admin/appeals')).statusCode).toBe(401);
  });

  it('rejects with a reason the contact is told; a decided appeal cannot be decided again', async () => {
    const owner = await signUpByEmail(t, api.abroad);
    const filed = await fileFor(api.abroad, { email: owner.email });
    expect((await decide(filed.id, 'reject')).json().errors).toEqual({ reason: ['blank'] });
    const res = await decide(filed.id, 'reject', 'The proofs do not match the account.');
    expect(res.json()).toMatchObject({ state: 'rejected', reject_reason: 'The proofs do not match the account.', reviewed_by: staff.id });
    expect((await mails(filed.connect))[0]!.body).toContain('The proofs do not match the account.');
    expect((await decide(filed.id, 'accept')).json().errors).toEqual({ state: ['state_invalid'] });
    expect((await api.native.get('/api/admin/appeals?state=rejected', { token: await staffToken() })).json().appeals.some((a: { id: number }) => a.id === filed.id)).toBe(true);
  });

  it('accepts into a 72-hour hold: every old contact is told with a deny link; the token comes after the hold', async () => {
    const owner = await signUpByPhone(t, api.native);
    const ownerEmail = email('old');
    await updateAccount(t, owner.id, { email: ownerEmail });
    const filed = await fileFor(api.native, { phone_number: owner.phone });
    const accepted = await decide(filed.id, 'accept');
    expect(accepted.json()).toMatchObject({ state: 'holding' });
    expect(accepted.json().hold_ends_at_timestamp - accepted.json().accepted_at_timestamp).toBe(APPEAL_HOLD_HOURS * 3600);
    expect(tokenIn((await mails(owner.phone))[0]!.body, '/appeals/deny')).toBeDefined();
    expect(tokenIn((await mails(ownerEmail))[0]!.body, '/appeals/deny')).toBeDefined();
    expect((await decide(filed.id, 'accept')).json().errors).toEqual({ state: ['state_invalid'] });

    t.clock.advance(APPEAL_HOLD_HOURS * 3600 - 60);
    await releaseHeldAppeals(t.deps);
    expect((await mails(filed.connect)).some((m) => tokenIn(m.body, '/appeals/reset'))).toBe(false);
    const detail = await api.native.get('/api/appeals', { ip: nextIp(), headers: { 'x-appeal-tracking': filed.tracking }, query: { id: String(filed.id) } });
    expect(detail.json().appeal.state).toBe('holding');
    t.clock.advance(60);
    // Lazily resettable as soon as the hold is over, before the job has sent the link.
    expect((await api.native.get('/api/appeals', { ip: nextIp(), headers: { 'x-appeal-tracking': filed.tracking }, query: { id: String(filed.id) } })).json().appeal.state).toBe('resettable');
    expect(await releaseHeldAppeals(t.deps)).toBeGreaterThanOrEqual(1);
    expect(tokenIn((await mails(filed.connect))[0]!.body, '/appeals/reset')).toBeDefined();
  });

  it('lets an old contact deny the appeal with its link, which kills the reset', async () => {
    const owner = await signUpByEmail(t, api.abroad);
    const filed = await fileFor(api.abroad, { email: owner.email });
    await decide(filed.id, 'accept');
    const deny = decodeURIComponent(tokenIn((await mails(owner.email))[0]!.body, '/appeals/deny')!);
    expect((await api.abroad.get(`/api/appeal_denials/${deny}`, { ip: nextIp() })).json()).toEqual({ state: 'holding', denied: false, can_deny: true });
    const res = await api.abroad.post(`/api/appeal_denials/${deny}`, undefined, { ip: nextIp() });
    expect(res.json()).toEqual({ state: 'denied', denied: true, can_deny: false });
    expect((await api.abroad.post(`/api/appeal_denials/${deny}`, undefined, { ip: nextIp() })).json().errors).toEqual({ state: ['state_invalid'] });
    expect((await api.abroad.get('/api/appeal_denials/unknown-token', { ip: nextIp() })).json().errors).toEqual({ token: ['expired'] });
    t.clock.advance(APPEAL_HOLD_HOURS * 3600);
    await releaseHeldAppeals(t.deps);
    expect((await mails(filed.connect)).some((m) => tokenIn(m.body, '/appeals/reset'))).toBe(false);
  });
});

describe('PATCH /api/appeals/{token}/password', () => {
  it('resets once: every session revoked, every old contact told, the new password signs in', async () => {
    const owner = await signUpByEmail(t, api.native);
    const { token } = await resettable(api.native, { email: owner.email });
    const at = (body: Record<string, unknown>) => api.native.patch(`/api/appeals/${encodeURIComponent(token)}/password`, { appeal: body }, { ip: nextIp() });

    expect((await at({ password: 'short', password_confirmation: 'short' })).json().errors).toEqual({ password: ['too_short'] });
    expect((await at({ password: NEW_PASSWORD, password_confirmation: 'other' })).json().errors).toEqual({ password_confirmation: ['confirmation'] });
    const done = await at({ password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ reset: 'password' });

    expect((await api.native.get('/api/me', { token: owner.token })).statusCode).toBe(401);
    expect((await api.native.patch('/api/access_token', { access_token: { refresh_token: owner.refreshToken } })).statusCode).toBe(401);
    expect((await mails(owner.email))[0]!.body).toContain('密码已修改');
    const signIn = await api.native.post('/api/access_token', { access_token: { login: owner.email, password: NEW_PASSWORD } }, { ip: nextIp() });
    expect(signIn.statusCode).toBe(201);

    const twice = await at({ password: 'Another-Lantern-Pass-91', password_confirmation: 'Another-Lantern-Pass-91' });
    expect(twice.json().errors).toEqual({ token: ['expired'] });
  });

  it('refuses a token past its 15 minutes and an unknown one (the page goes home)', async () => {
    const owner = await signUpByEmail(t, api.abroad);
    const filed = await resettable(api.abroad, { email: owner.email });
    t.clock.advance(APPEAL_RESET_TOKEN_TTL_SECONDS);
    const body = { appeal: { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } };
    expect((await api.abroad.patch(`/api/appeals/${encodeURIComponent(filed.token)}/password`, body, { ip: nextIp() })).json().errors).toEqual({ token: ['expired'] });
    expect((await api.abroad.patch('/api/appeals/not-a-token/password', body)).json().errors).toEqual({ token: ['expired'] });

    // The contact asks for a new link from the detail; only its newest token works.
    const relink = await api.abroad.post(`/api/appeals/${filed.id}/reset_link`, undefined, { ip: nextIp(), headers: { 'x-appeal-tracking': filed.tracking } });
    expect(relink.json()).toEqual({ sent: true });
    const fresh = decodeURIComponent(tokenIn((await mails(filed.connect))[0]!.body, '/appeals/reset')!);
    expect(fresh).not.toBe(filed.token);
    expect((await api.abroad.patch(`/api/appeals/${encodeURIComponent(fresh)}/password`, body, { ip: nextIp() })).statusCode).toBe(200);
  });

  it('one token, a burst of parallel resets: exactly one succeeds', async () => {
    const owner = await signUpByEmail(t, api.native);
    const { token } = await resettable(api.native, { email: owner.email });
    const results = await Promise.all(Array.from({ length: 8 }, (_, n) => api.native.patch(`/api/appeals/${encodeURIComponent(token)}/password`, {
      appeal: { password: `${NEW_PASSWORD}-${n}`, password_confirmation: `${NEW_PASSWORD}-${n}` },
    }, { ip: nextIp() })));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 422).every((r) => r.json().errors.token?.[0] === 'expired')).toBe(true);
    const [row] = await t.deps.db.select().from(appeals).where(eq(appeals.accountId, owner.id));
    expect(row).toMatchObject({ state: 'completed', resetKind: 'password', tokenHash: null });
  });
});

describe('PATCH /api/appeals/{token}/account', () => {
  it('resets the e-mail with the new address\'s code, with sign-up\'s reasons', async () => {
    const owner = await signUpByEmail(t, api.abroad);
    const taken = await signUpByEmail(t, api.abroad);
    const { token } = await resettable(api.abroad, { email: owner.email });
    const at = (body: Record<string, unknown>) => api.abroad.patch(`/api/appeals/${encodeURIComponent(token)}/account`, { appeal: body }, { ip: nextIp() });
    expect((await at({ email: 'nope', code: '123456' })).json().errors).toEqual({ email: ['invalid'] });
    expect((await at({ email: taken.email, code: '123456' })).json().errors).toEqual({ email: ['taken'] });
    expect((await at({ phone_number: '12', code: '123456' })).json().errors).toEqual({ phone_number: ['invalid'] });
    expect((await at({ code: '123456' })).json().errors).toEqual({ email: ['blank'] });
    const fresh = email('fresh');
    await sendCode(api.abroad, 'Email', fresh, 'bind');
    expect((await at({ email: fresh, code: '000000' })).json().errors).toEqual({ code: ['invalid'] });
    await sendCode(api.abroad, 'Email', fresh, 'bind');
    const done = await at({ email: fresh, code: await latestCode(t, fresh) });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ reset: 'email' });
    expect((await mails(owner.email))[0]!.body).toContain('e-mail address of your Lantern account was changed');
    expect((await api.abroad.get('/api/me', { token: owner.token })).statusCode).toBe(401);
    const signIn = await api.abroad.post('/api/access_token', { access_token: { login: fresh, password: PASSWORD } }, { ip: nextIp() });
    expect(signIn.statusCode).toBe(201);
  });

  it('resets the phone', async () => {
    const owner = await signUpByPhone(t, api.native);
    const { token } = await resettable(api.native, { phone_number: owner.phone });
    const number = phone();
    await sendCode(api.native, 'Sms', number, 'bind');
    const done = await api.native.patch(`/api/appeals/${encodeURIComponent(token)}/account`, { appeal: { phone_number: number, code: await latestCode(t, number) } }, { ip: nextIp() });
    expect(done.statusCode, done.body).toBe(200);
    expect((await api.native.post('/api/access_token', { access_token: { login: number, password: PASSWORD } }, { ip: nextIp() })).statusCode).toBe(201);
  });
});

describe('the recovery hold after a reset', () => {
  it('refuses redeeming and wallet payments for 15 days, then allows them', async () => {
    const owner = await signUpByEmail(t, api.native);
    await fundWallet(t, owner.id, 'CNY', 5000);
    const { token } = await resettable(api.native, { email: owner.email });
    expect((await api.native.patch(`/api/appeals/${encodeURIComponent(token)}/password`, { appeal: { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } }, { ip: nextIp() })).statusCode).toBe(200);
    const session = (await api.native.post('/api/access_token', { access_token: { login: owner.email, password: NEW_PASSWORD } }, { ip: nextIp() })).json().access_token as string;
    // An order made during the hold (one made before it would have expired over the appeal's 72 hours).
    const { order } = await buyGame(t, api, { buyer: { id: owner.id, token: session }, sku: { listPrice: 500 } });

    const [issued] = await issueRedeemCodes(t.deps, t.deps.db, { area: 'native', goods: { kind: 'points', points: 10 }, count: 1, ownerAccountId: null, expiresAt: null });
    const code = issued!.code;
    const redeem = await api.native.post('/api/redeem', { redeem: { code } }, { token: session });
    expect(redeem.statusCode).toBe(422);
    expect(redeem.json().errors).toEqual({ code: ['recovery_hold'] });
    expect(redeem.json().meta.recovery_hold_until_timestamp).toBeGreaterThan(Math.floor(t.clock.now().getTime() / 1000));
    const pay = await api.native.patch(`/api/orders/${order.id}/pay`, { payment_method: 'wallet', payment_from: 'web', version: order.version }, { token: session });
    expect(pay.statusCode).toBe(422);
    expect(pay.json().errors).toEqual({ payment_method: ['recovery_hold'] });

    t.clock.advance(RECOVERY_HOLD_DAYS * 86_400);
    const fresh = await api.native.post('/api/access_token', { access_token: { login: owner.email, password: NEW_PASSWORD } }, { ip: nextIp() });
    const later = fresh.json().access_token as string;
    expect((await api.native.post('/api/redeem', { redeem: { code } }, { token: later })).statusCode).toBe(201);
    const { order: next } = await buyGame(t, api, { buyer: { id: owner.id, token: later }, sku: { listPrice: 500 } });
    const paid = await api.native.patch(`/api/orders/${next.id}/pay`, { payment_method: 'wallet', payment_from: 'web', version: next.version }, { token: later });
    expect(paid.statusCode, paid.body).toBe(200);
  });
});
