import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { INVITE_REWARD_POINTS } from '@lantern/domain';
import { type SiteClient } from '../support/client.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { PASSWORD, codeFor, email, latestCode, phone, sendCode, solvedCaptcha } from '../support/factories.ts';
import { buyGame, fundWallet } from '../support/payments-factories.ts';
import { keysForSale } from '../support/keys-factories.ts';
import { accounts } from '../../src/modules/accounts/tables.ts';
import { qualifyInvitee } from '../../src/modules/invites/index.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

let ipSeq = 0;
const freshIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;
const scoreOf = async (id: number) => (await t.deps.db.select({ score: accounts.score }).from(accounts).where(eq(accounts.id, id)))[0]!.score;

/** Signs up on the international site through an invite code, from an address (and a device) of its own. */
async function signUpInvited(client: SiteClient, inviteCode: string, source: { ip?: string; device?: string } = {}) {
  const address = email('invitee');
  await sendCode(client, 'Email', address, 'sign_up');
  const res = await client.post('/api/accounts', {
    account: {
      email: address, code: await latestCode(t, address), password: PASSWORD, password_confirmation: PASSWORD, tos_agreement: true,
      invite_code: inviteCode, ...(source.device && { device_id: source.device }), ...(await solvedCaptcha(t, client)),
    },
  }, { ip: source.ip ?? freshIp() });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().account.id as number, token: res.json().access_token as string };
}

async function inviteCodeOf(token: string) {
  const res = await api.abroad.get('/api/invite_register/new', { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().invite_info.invite_code as string;
}

const invitedOf = async (token: string) => (await api.abroad.get('/api/accounts_invite_registers', { token })).json();

async function bindPhone(user: { token: string }) {
  const number = phone();
  const bound = await api.abroad.post('/api/me/phone', { account: { phone_number: number, code: await codeFor(t, api.abroad, 'Sms', number, 'bind'), password: PASSWORD } }, { token: user.token });
  expect(bound.statusCode, bound.body).toBe(201);
}

describe('invite info', () => {
  it('gives every account one code and link; guests are 401; the sign-up page learns who invites, or not_found', async () => {
    const inviter = await makeAccount(t, { area: 'abroad' });
    expect((await api.abroad.get('/api/invite_register/new')).statusCode).toBe(401);
    const res = await api.abroad.get('/api/invite_register/new', { token: inviter.token });
    const info = res.json().invite_info;
    expect(info).toMatchObject({ invite_code: expect.stringMatching(/^[2-9A-HJ-KM-NP-Z]{8}$/), reward_points: INVITE_REWARD_POINTS, invited_count: 0, rewarded_count: 0 });
    expect(info.invite_link).toBe(`${t.deps.config.siteUrls.abroad.replace(/\/$/, '')}/sign_up?invite=${info.invite_code}`);
    expect(await inviteCodeOf(inviter.token)).toBe(info.invite_code);
    const who = await api.abroad.get('/api/invite_register/new', { query: { invite_code: info.invite_code.toLowerCase() } });
    expect(who.statusCode).toBe(200);
    expect(who.json()).toMatchObject({ inviter: { nickname: expect.any(String) }, invite_info: null });
    const unknown = await api.abroad.get('/api/invite_register/new', { query: { invite_code: 'ZZZZZZZZ' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors).toEqual({ invite: ['not_found'] });
  });

  it('answers the third-party calls: the code, and the invite-register task info (another task id is not_found)', async () => {
    const inviter = await makeAccount(t, { area: 'abroad' });
    const code = await api.abroad.get('/support/lottery/client/invite/code', { token: inviter.token });
    expect(code.statusCode).toBe(200);
    expect(code.json()).toMatchObject({ code: 0, data: { invite_code: await inviteCodeOf(inviter.token) } });
    const info = await api.abroad.get('/support/lottery/client/invite/register/info', { token: inviter.token, query: { generalTaskId: '1' } });
    expect(info.json()).toEqual({ code: 0, data: { generalTaskId: 1, invite_code: code.json().data.invite_code, invited_count: 0, rewarded_count: 0, reward_points: INVITE_REWARD_POINTS } });
    const other = await api.abroad.get('/support/lottery/client/invite/register/info', { token: inviter.token, query: { generalTaskId: '2' } });
    expect(other.statusCode).toBe(404);
    expect(other.json().errors).toEqual({ invite: ['not_found'] });
    expect((await api.abroad.get('/support/lottery/client/invite/code')).statusCode).toBe(401);
    expect((await api.abroad.get('/api/accounts_invite_registers')).statusCode).toBe(401);
  });
});

describe('inviting', () => {
  it('records an invitee at sign-up, rewards the inviter once the invitee binds a phone, and only once', async () => {
    const inviter = await makeAccount(t, { area: 'abroad' });
    const code = await inviteCodeOf(inviter.token);
    const invitee = await signUpInvited(api.abroad, code);
    const listed = await invitedOf(inviter.token);
    expect(listed.meta.total_count).toBe(1);
    expect(listed.accounts_invite_registers[0]).toMatchObject({ state: 'registered', reward_points: 0, rewarded_at_timestamp: null, nickname: expect.any(String) });
    expect(await scoreOf(inviter.id)).toBe(0);
    await bindPhone(invitee);
    expect(await scoreOf(inviter.id)).toBe(INVITE_REWARD_POINTS);
    expect((await invitedOf(inviter.token)).accounts_invite_registers[0]).toMatchObject({ state: 'rewarded', reward_points: INVITE_REWARD_POINTS });
    expect((await api.abroad.get('/api/invite_register/new', { token: inviter.token })).json().invite_info).toMatchObject({ invited_count: 1, rewarded_count: 1 });
    const details = (await api.abroad.get('/api/point_details', { token: inviter.token })).json().point_details;
    expect(details.map((d: { reason: string; real_score: number; target_type: string }) => [d.reason, d.real_score, d.target_type])).toEqual([['invite', INVITE_REWARD_POINTS, 'invite_register']]);
    // A second real act rewards nothing more.
    await expect(t.deps.db.transaction((tx) => qualifyInvitee(tx, t.deps, invitee.id, 'first_purchase'))).resolves.toBe(false);
    expect(await scoreOf(inviter.id)).toBe(INVITE_REWARD_POINTS);
  });

  it('counts sign-ups from one address or one device within the window once: the others are duplicates, never rewarded', async () => {
    const inviter = await makeAccount(t, { area: 'abroad' });
    const code = await inviteCodeOf(inviter.token);
    const ip = freshIp();
    const first = await signUpInvited(api.abroad, code, { ip });
    const sameIp = await signUpInvited(api.abroad, code, { ip });
    const sameDevice = await signUpInvited(api.abroad, code, { device: 'device-x', ip: freshIp() });
    const sameDeviceAgain = await signUpInvited(api.abroad, code, { device: 'device-x', ip: freshIp() });
    const states = new Map((await invitedOf(inviter.token)).accounts_invite_registers.map((r: { id: number; state: string }) => [r.id, r.state]));
    expect([...states.values()].sort()).toEqual(['duplicate', 'duplicate', 'registered', 'registered']);
    for (const user of [first, sameIp, sameDevice, sameDeviceAgain]) await bindPhone(user);
    expect(await scoreOf(inviter.id)).toBe(2 * INVITE_REWARD_POINTS);
  });

  it('rewards one level only, ignores an unknown code, and counts a first paid order as real', async () => {
    const a = await makeAccount(t, { area: 'abroad' });
    const b = await signUpInvited(api.abroad, await inviteCodeOf(a.token));
    const c = await signUpInvited(api.abroad, await inviteCodeOf(b.token));
    await bindPhone(c);
    expect(await scoreOf(b.id)).toBe(INVITE_REWARD_POINTS);
    expect(await scoreOf(a.id)).toBe(0);
    const stranger = await signUpInvited(api.abroad, 'NOSUCHCD');
    expect(stranger.id).toBeGreaterThan(0);
    // b pays an order: b is a's invitee, so a is rewarded now.
    const bought = await buyGame(t, api, { area: 'abroad', buyer: b });
    await keysForSale(t, bought.sku.id, 1);
    await fundWallet(t, b.id, 'USD', 100_000);
    const paid = await api.abroad.patch(`/api/orders/${bought.order.id}/pay`, { payment_method: 'wallet', version: bought.order.version }, { token: b.token });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await scoreOf(a.id)).toBe(INVITE_REWARD_POINTS);
    expect((await invitedOf(a.token)).accounts_invite_registers[0]).toMatchObject({ state: 'rewarded' });
  });

  it('invitees paying at the same moment as buyers nobody invited each reward their own inviter once; the others reward nobody', { timeout: 120_000 }, async () => {
    const inviters = await Promise.all([0, 1, 2].map(() => makeAccount(t, { area: 'abroad' })));
    const invitees = [];
    for (const inviter of inviters) invitees.push(await signUpInvited(api.abroad, await inviteCodeOf(inviter.token)));
    const uninvited = await Promise.all([0, 1, 2].map(() => makeAccount(t, { area: 'abroad' })));
    const orders = [];
    for (const buyer of [...invitees, ...uninvited]) {
      const bought = await buyGame(t, api, { area: 'abroad', buyer });
      await keysForSale(t, bought.sku.id, 1);
      await fundWallet(t, buyer.id, 'USD', 100_000);
      orders.push({ buyer, order: bought.order });
    }
    // Paid together: the wallet's lanes pay them as one group, whose fulfilment finds invites for some orders only.
    const paid = await Promise.all(orders.map(({ buyer, order }) =>
      api.abroad.patch(`/api/orders/${order.id}/pay`, { payment_method: 'wallet', version: order.version }, { token: buyer.token })));
    expect(paid.map((res) => res.statusCode)).toEqual(orders.map(() => 200));
    for (const inviter of inviters) {
      expect(await scoreOf(inviter.id)).toBe(INVITE_REWARD_POINTS);
      expect((await invitedOf(inviter.token)).accounts_invite_registers).toEqual([expect.objectContaining({ state: 'rewarded' })]);
    }
    for (const buyer of uninvited) expect(await scoreOf(buyer.id)).toBe(0);
  });

  it('a burst of parallel qualifying acts rewards the inviter exactly once', { timeout: 120_000 }, async () => {
    const inviter = await makeAccount(t, { area: 'abroad' });
    const invitee = await signUpInvited(api.abroad, await inviteCodeOf(inviter.token));
    const acts = ['bind_phone', 'bind_email', 'bind_wechat', 'first_purchase'] as const;
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => t.deps.db.transaction((tx) => qualifyInvitee(tx, t.deps, invitee.id, acts[i % 4]!))));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await scoreOf(inviter.id)).toBe(INVITE_REWARD_POINTS);
  });

  it('a burst of parallel sign-ups from one address through one code records one invitee that can be rewarded', { timeout: 240_000 }, async () => {
    const inviter = await makeAccount(t, { area: 'abroad' });
    const code = await inviteCodeOf(inviter.token);
    const ip = freshIp();
    const users = await Promise.all(Array.from({ length: 6 }, () => signUpInvited(api.abroad, code, { ip })));
    const states = (await invitedOf(inviter.token)).accounts_invite_registers.map((r: { state: string }) => r.state);
    expect(states.filter((s: string) => s === 'registered')).toHaveLength(1);
    expect(states).toHaveLength(6);
    await Promise.all(users.map((u) => t.deps.db.transaction((tx) => qualifyInvitee(tx, t.deps, u.id, 'bind_email'))));
    expect(await scoreOf(inviter.id)).toBe(INVITE_REWARD_POINTS);
  });
});
