import { QueryClient } from '@tanstack/react-query';
import { COOKIES } from '@lantern/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetchMock';
import { queryKeys } from './query-keys';
import { whenSignedIn } from './session';
import { closeSignIn, getSignInState } from './signInStore';
import { getSite } from './site';

const sessionCookie = () => COOKIES.session(getSite().area);

describe('an action that needs a signed-in visitor', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    closeSignIn();
    document.cookie = `${sessionCookie()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });

  it('clicked before the session check answered, waits for it and runs for the signed-in visitor (no sign-in popup)', async () => {
    document.cookie = `${sessionCookie()}=1; path=/`;
    const client = new QueryClient();
    const fetched = mockFetch({ 'GET /api/me': [{ status: 200, body: { id: 7, nickname: 'kai' } }] });
    const ran = new Promise<number>((resolve) => whenSignedIn(client, (me) => resolve(me.id)));
    expect(await ran).toBe(7);
    expect(getSignInState().open).toBe(false);
    expect(fetched.calls.filter((c) => c.url.pathname === '/api/me')).toHaveLength(1);
  });

  it('asks a guest to sign in and does not run', async () => {
    const client = new QueryClient();
    const action = vi.fn();
    whenSignedIn(client, action);
    await vi.waitFor(() => expect(getSignInState().open).toBe(true));
    expect(action).not.toHaveBeenCalled();
  });

  it('runs at once when the session is already known', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.me.all, { id: 9, nickname: 'mo' } as never);
    const action = vi.fn();
    whenSignedIn(client, action);
    expect(action).toHaveBeenCalledWith(expect.objectContaining({ id: 9 }));
  });
});
