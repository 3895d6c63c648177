import type { Me } from '@lantern/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../../test/fetchMock';
import { renderPage } from '../../../test/renderPage';
import { AccountPrompts } from './AccountPrompts';

const me = { id: 41, nickname: 'NightOwl', gender: 'secret', safrv: 'base' } as unknown as Me;
const check = (missing: string[]) => ({
  is_identification: false, is_nickname_safe: true, safrv: 'base', need_identification: missing.length > 0, need_basic_info: false, missing,
});

describe('the "complete your account" prompt', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  it('asks only for what is missing: a phone without asking for a new password', async () => {
    mockFetch({ 'GET /api/me/check': [{ status: 200, body: check(['phone']) }] });
    renderPage('/', <AccountPrompts me={me} />, '/', me);
    const form = await screen.findByTestId('complete-account-form');
    expect(form.querySelector('input[name="phone_number"]')).not.toBeNull();
    expect(form.querySelector('input[name="password"]')).toBeNull();
    expect(form.querySelector('input[name="current_password"]')).not.toBeNull();
  });

  it('asks for a password only when the account has none', async () => {
    mockFetch({ 'GET /api/me/check': [{ status: 200, body: check(['password']) }] });
    renderPage('/', <AccountPrompts me={me} />, '/', me);
    const form = await screen.findByTestId('complete-account-form');
    expect(form.querySelector('input[name="password"]')).not.toBeNull();
    expect(form.querySelector('input[name="phone_number"]')).toBeNull();
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
