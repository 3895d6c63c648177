import type { Me } from '@lantern/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { renderPage } from '../../../test/renderPage';
import { AccountPrompts } from './AccountPrompts';

const me = { id: 41, nickname: 'NightOwl', gender: 'secret', safrv: 'base' } as unknown as Me;
const check = (missing: string[]) => ({
  is_identification: false, is_nickname_safe: true, safrv: 'base', need_identification: missing.length > 0, need_basic_info: false, missing,
});

/** The prompt's form when the server says the account misses `missing`. */
async function formMissing(missing: string[]) {
  mockFetch({ 'GET /api/me/check': [{ status: 200, body: check(missing) }] });
  renderPage('/', <AccountPrompts me={me} />, '/', me);
  return screen.findByTestId('complete-account-form');
}

/**
 * In the complete-account form: sends the proof code (the server picks the bound contact itself, of `type`; the
 * client names none), then types a new password and `code` and saves.
 */
async function proveAndSave(user: UserEvent, f: ReturnType<typeof mockFetch>, form: HTMLElement, type: 'Sms' | 'Email', code: string) {
  const proof = within(form).getByTestId('account-code');
  await user.click(within(proof).getByTestId('send-code'));
  await waitFor(() => expect(f.count('POST /api/message')).toBe(1));
  expect(f.calls.find((c) => c.method === 'POST')!.body).toEqual({ message: { type, purpose: 'reauthenticate' } });
  await user.type(within(form).getByLabelText(/New password/), 'lantern-harbour-91-quiet');
  await user.type(within(proof).getByRole('textbox'), code);
  await user.click(within(form).getByRole('button', { name: 'Save' }));
}

describe('the "complete your account" prompt', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('asks only for what is missing: a phone without asking for a new password', async () => {
    const form = await formMissing(['phone']);
    expect(form.querySelector('input[name="phone_number"]')).not.toBeNull();
    expect(form.querySelector('input[name="password"]')).toBeNull();
    expect(form.querySelector('input[name="current_password"]')).not.toBeNull();
  });

  it('asks for a password only when the account has none', async () => {
    const form = await formMissing(['password']);
    expect(form.querySelector('input[name="password"]')).not.toBeNull();
    expect(form.querySelector('input[name="phone_number"]')).toBeNull();
  });

  it('lets an account without a password prove itself by a code to its bound phone, and sends that code as account_code', async () => {
    const passwordless = { ...me, set_password: false, phone_number_asterisks: '138****0000', email_asterisks: null } as unknown as Me;
    const f = mockFetch({
      'GET /api/me/check': [{ status: 200, body: check(['password']) }],
      'POST /api/message': [{ status: 200, body: { sent: true, resend_after: 60, expires_in: 600 } }],
      'PUT /api/me': [{ status: 200, body: { ...passwordless, set_password: true } }],
    });
    const { user } = renderPage('/', <AccountPrompts me={passwordless} />, '/', passwordless);
    const form = await screen.findByTestId('complete-account-form');
    const proof = within(form).getByTestId('account-code');
    expect(proof.textContent).toContain('138****0000');
    expect(within(form).queryByTestId('account-code-switch')).toBeNull();

    await proveAndSave(user, f, form, 'Sms', '482913');
    await waitFor(() => expect(f.count('PUT /api/me')).toBe(1));
    const sent = f.calls.find((c) => c.method === 'PUT')!.body as { account: Record<string, unknown> };
    expect(sent.account).toMatchObject({ password: 'lantern-harbour-91-quiet', account_code: '482913', nickname: 'NightOwl' });
    expect(sent.account).not.toHaveProperty('current_password');
  });

  it('shows the server refusing a wrong proof code on the code field, and can send the code to the e-mail instead', async () => {
    const both = { ...me, set_password: false, phone_number_asterisks: '138****0000', email_asterisks: 'n***@lantern.test' } as unknown as Me;
    const f = mockFetch({
      'GET /api/me/check': [{ status: 200, body: check(['password']) }],
      'POST /api/message': [{ status: 200, body: { sent: true, resend_after: 60, expires_in: 600 } }],
      'PUT /api/me': [{ status: 422, body: { errors: { account_code: ['invalid'] } } }],
    });
    const { user } = renderPage('/', <AccountPrompts me={both} />, '/', both);
    const form = await screen.findByTestId('complete-account-form');
    await user.click(within(form).getByTestId('account-code-switch'));
    const proof = within(form).getByTestId('account-code');
    expect(proof.textContent).toContain('n***@lantern.test');
    await proveAndSave(user, f, form, 'Email', '000000');
    expect(await within(proof).findByText('The code is wrong or has expired')).toBeTruthy();
    expect(screen.getByTestId('complete-account-form')).toBeTruthy();
  });

  it('tells an account without a password and with no contact to prove itself by that it cannot set one here', async () => {
    const bare = { ...me, set_password: false, phone_number_asterisks: null, email_asterisks: null } as unknown as Me;
    mockFetch({ 'GET /api/me/check': [{ status: 200, body: check(['password']) }] });
    renderPage('/', <AccountPrompts me={bare} />, '/', bare);
    const form = await screen.findByTestId('complete-account-form');
    expect(within(form).queryByTestId('account-code')).toBeNull();
    expect(within(form).getByTestId('no-proof-contact').textContent).toContain('no phone or e-mail');
  });

  it('once put off, stays away for that account in another tab too, but not for another account', async () => {
    const f = mockFetch({ 'GET /api/me/check': [{ status: 200, body: check(['phone']) }] });
    const first = renderPage('/', <AccountPrompts me={me} />, '/', me);
    await screen.findByTestId('complete-account-form');
    await first.user.click(screen.getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.queryByTestId('complete-account-form')).toBeNull());
    cleanup();

    // A new tab: a fresh page with its own session storage, the same local storage.
    window.sessionStorage.clear();
    renderPage('/', <AccountPrompts me={me} />, '/', me);
    await waitFor(() => expect(f.count('GET /api/me/check')).toBeGreaterThanOrEqual(2));
    expect(screen.queryByTestId('complete-account-form')).toBeNull();
    cleanup();

    const other = { ...me, id: 42 } as Me;
    renderPage('/', <AccountPrompts me={other} />, '/', other);
    expect(await screen.findByTestId('complete-account-form')).toBeTruthy();
  });
});
