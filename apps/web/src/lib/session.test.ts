import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetchMock';
import { api } from './api';
import { queryKeys } from './query-keys';
import { applySession, connectSessionToApi, meQuery } from './session';
import { closeSignIn, getSignInState } from './signInStore';

const unauthorized = { status: 401, body: { errors: { base: ['unauthorized'] } } };

describe('session and the sign-in popup', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    closeSignIn();
  });

  it('a 401 that the refresh cannot cure ends the session and opens the global sign-in popup', async () => {
    const client = new QueryClient();
    connectSessionToApi(client);
    client.setQueryData(queryKeys.me.all, { id: 7, nickname: 'kai' } as never);
    mockFetch({ 'POST /api/me/clock_in': [unauthorized], 'PATCH /api/access_token': [{ status: 401, body: { errors: { base: ['refresh_token_invalid'] } } }] });
    expect(getSignInState().open).toBe(false);
    await expect(api.post('/api/me/clock_in')).rejects.toMatchObject({ status: 401 });
    expect(getSignInState().open).toBe(true);
    expect(client.getQueryData(queryKeys.me.all)).toBeNull();
  });

  it("forgets what the ended session saw, so the next person to sign in here never sees the last one's keys or orders", async () => {
    const client = new QueryClient();
    connectSessionToApi(client);
    client.setQueryData(queryKeys.me.all, { id: 7, nickname: 'kai' } as never);
    client.setQueryData(queryKeys.keys.reveal(41), { code: 'AAAAA-BBBBB-CCCCC' });
    mockFetch({ 'POST /api/me/clock_in': [unauthorized], 'PATCH /api/access_token': [{ status: 401, body: { errors: { base: ['refresh_token_invalid'] } } }] });
    await expect(api.post('/api/me/clock_in')).rejects.toMatchObject({ status: 401 });
    expect(client.getQueryData(queryKeys.keys.reveal(41))).toBeUndefined();
  });

  it('drops the previous account\'s data when another account signs in on the same tab', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.me.all, { id: 7, nickname: 'kai' } as never);
    client.setQueryData(queryKeys.keys.reveal(41), { code: 'AAAAA-BBBBB-CCCCC' });
    applySession(client, { account: { id: 8, nickname: 'mei' } } as never);
    expect(client.getQueryData(queryKeys.keys.reveal(41))).toBeUndefined();
    expect(client.getQueryData(queryKeys.me.all)).toMatchObject({ id: 8 });
  });

  it('a silently refreshed session keeps the popup closed', async () => {
    const client = new QueryClient();
    connectSessionToApi(client);
    mockFetch({ 'POST /api/me/clock_in': [unauthorized, { status: 200, body: { score_added: 5 } }], 'PATCH /api/access_token': [{ status: 200, body: {} }] });
    await expect(api.post('/api/me/clock_in')).resolves.toEqual({ score_added: 5 });
    expect(getSignInState().open).toBe(false);
  });

  it('the me query treats a guest as null without opening the popup', async () => {
    const client = new QueryClient();
    connectSessionToApi(client);
    mockFetch({ 'GET /api/me': [unauthorized], 'PATCH /api/access_token': [{ status: 422, body: { errors: { base: ['blank'] } } }] });
    await expect(client.fetchQuery(meQuery)).resolves.toBeNull();
    expect(getSignInState().open).toBe(false);
  });
});
