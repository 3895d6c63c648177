import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { residentIdCheckChar } from '@lantern/domain';
import type { TestApp } from './harness.ts';
import { eventually } from './jobs-support.ts';
import type { SiteClient } from './client.ts';
import { accounts } from '../../src/modules/accounts/tables.ts';

export const PASSWORD = 'Correct-Horse-9';

let sequence = 0;
/** A unique e-mail address per call. */
export function email(prefix = 'user') {
  return `${prefix}.${Date.now().toString(36)}.${++sequence}.${randomBytes(2).toString('hex')}@example.com`;
}

/** A unique valid mainland mobile number per call. */
export function phone() {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

/** A random adult birth date (YYYYMMDD) between 1970 and 1999. */
function randomBirth() {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${1970 + Math.floor(Math.random() * 30)}${pad(1 + Math.floor(Math.random() * 12))}${pad(1 + Math.floor(Math.random() * 28))}`;
}

/**
 * A valid resident ID number for the birth date given (YYYYMMDD; a random adult one by default), with a
 * random sequence so numbers differ between calls; odd sequence → male.
 */
export function residentId(birth = randomBirth(), area = '440304') {
  const seq = String(100 + Math.floor(Math.random() * 899));
  const first17 = `${area}${birth}${seq}`;
  return first17 + residentIdCheckChar(first17)!;
}

/**
 * The code of the newest message sent to a recipient: as the dev outbox holds it, or — for an app built
 * with `recordMessages` (production keeps no body once delivered) — as the gateway received it, once
 * delivery after the commit has happened.
 */
export async function latestCode(t: TestApp, recipient: string): Promise<string> {
  const codeIn = (text: string | undefined) => text?.match(/\b(\d{6})\b/)?.[1];
  if (t.messages) {
    const sent = t.messages;
    return eventually(() => {
      const code = codeIn(sent.accepted.filter((m) => m.to === recipient).at(-1)?.text);
      if (!code) throw new Error(`no code sent to ${recipient}`);
      return code;
    });
  }
  const [message] = await t.deps.outbox.list(recipient, 1);
  const code = codeIn(message?.body);
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
}

/** A fresh captcha and its answer. */
export async function solvedCaptcha(t: TestApp, client: SiteClient) {
  const res = await client.post('/api/captchas');
  const { captcha_id } = res.json() as { captcha_id: string };
  return { captcha_id, captcha: (await t.deps.captcha.peek(captcha_id))! };
}

let ipSequence = 0;
/**
 * A fresh caller address. Code sends and sign-in failures are also limited per address, so helpers that
 * stand for different people send from different addresses, as real users would.
 */
export function nextIp() {
  const n = ++ipSequence;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** POST /api/message from a fresh address; `token` signs the request in (an unbind code goes to the caller's own phone). */
export async function sendCode(
  client: SiteClient, type: 'Email' | 'Sms', target: string, purpose: string, extra: Record<string, string> = {}, options: { ip?: string; token?: string } = {},
) {
  return client.post('/api/message', { message: { type, target, purpose, ...extra } }, { ip: options.ip ?? nextIp(), ...(options.token && { token: options.token }) });
}

/** Sends a code and returns it, failing loudly if the send was refused. */
export async function codeFor(t: TestApp, client: SiteClient, type: 'Email' | 'Sms', target: string, purpose: string, token?: string): Promise<string> {
  const sent = await sendCode(client, type, target, purpose, {}, { token });
  if (sent.statusCode !== 201) throw new Error(`code send failed: ${sent.body}`);
  return latestCode(t, target);
}

export interface SignedUp {
  id: number;
  email: string;
  token: string;
  refreshToken: string;
}

/** Signs a new account up by e-mail through the API, as a user would, and returns its tokens. */
export async function signUpByEmail(t: TestApp, client: SiteClient, overrides: Record<string, unknown> = {}): Promise<SignedUp> {
  const address = (overrides.email as string | undefined) ?? email();
  const sent = await sendCode(client, 'Email', address, 'sign_up');
  if (sent.statusCode !== 201) throw new Error(`code send failed: ${sent.body}`);
  const body = await postSignUp(t, client, { email: address, code: await latestCode(t, address) }, overrides);
  return { id: body.account.id, email: address, token: body.access_token, refreshToken: body.refresh_token };
}

/**
 * POST /api/accounts with a contact and its code, the demo password, the terms agreed, a solved captcha and — on the
 * mainland site — a real name and ID; `overrides` last. Throws unless the account was made.
 */
async function postSignUp(t: TestApp, client: SiteClient, contact: Record<string, unknown>, overrides: Record<string, unknown>) {
  const identity = client.area === 'native' ? { real_name: '李雷', credential_num: residentId() } : {};
  const res = await client.post('/api/accounts', {
    account: {
      ...contact,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      tos_agreement: true,
      ...identity,
      ...(await solvedCaptcha(t, client)),
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.body}`);
  return res.json() as { access_token: string; refresh_token: string; account: { id: number } };
}

export interface SignedUpByPhone {
  id: number;
  phone: string;
  token: string;
  refreshToken: string;
}

/** Signs a new account up by phone number (an SMS code) through the API; on the mainland site with real name and ID. */
export async function signUpByPhone(t: TestApp, client: SiteClient, overrides: Record<string, unknown> = {}): Promise<SignedUpByPhone> {
  const number = (overrides.phone_number as string | undefined) ?? phone();
  const code = await codeFor(t, client, 'Sms', number, 'sign_up');
  const body = await postSignUp(t, client, { phone_number: number, code }, overrides);
  return { id: body.account.id, phone: number, token: body.access_token, refreshToken: body.refresh_token };
}

/** Direct database changes for states a test needs but no public call makes (a closed account, a mute). */
export async function updateAccount(t: TestApp, id: number, values: Partial<typeof accounts.$inferInsert>) {
  await t.deps.db.update(accounts).set(values).where(eq(accounts.id, id));
}
