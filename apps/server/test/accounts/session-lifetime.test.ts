import { describe, expect, it } from 'vitest';
import { SESSION_ABSOLUTE_LIFETIME_SECONDS } from '@lantern/domain';
import { COOKIES } from '@lantern/contract';
import { HOSTS } from '../support/harness.ts';
import { PASSWORD, signUpByEmail } from '../support/factories.ts';
import { useTestApp } from '../support/test-app.ts';

/** A session ends 90 days after its sign-in, however faithfully its refresh token is rotated. */
const { t, api } = useTestApp();

const DAY = 86_400;
const refresh = (token: string) => api.abroad.patch('/api/access_token', { access_token: { refresh_token: token } });

describe('absolute session lifetime', () => {
  it('rotating every 29 days does not carry a session past 90 days from its sign-in', async () => {
    const user = await signUpByEmail(t, api.abroad);
    let token = user.refreshToken;
    for (let day = 29; day <= 87; day += 29) {
      t.clock.advance(29 * DAY);
      const res = await refresh(token);
      expect(res.statusCode).toBe(200);
      token = res.json().refresh_token;
      // The new refresh token lives 30 days, or up to the session's end if that comes sooner.
      expect(res.json().refresh_expires_in).toBe(Math.min(30 * DAY, SESSION_ABSOLUTE_LIFETIME_SECONDS - day * DAY));
    }
    t.clock.advance(3 * DAY);
    const expired = await refresh(token);
    expect(expired.statusCode).toBe(401);
    // Signing in again starts a new session of its own.
    const again = await api.abroad.post('/api/access_token', { access_token: { login: user.email, password: PASSWORD } });
    expect(again.json().refresh_expires_in).toBe(30 * DAY);
  });

  it('gives no access token that outlives the session', async () => {
    const user = await signUpByEmail(t, api.abroad);
    let token = user.refreshToken;
    for (let day = 29; day <= 87; day += 29) {
      t.clock.advance(29 * DAY);
      token = (await refresh(token)).json().refresh_token;
    }
    // Five minutes before the end a refresh still works, and its access token ends with the session.
    t.clock.advance(3 * DAY - 5 * 60);
    const last = await refresh(token);
    expect(last.statusCode).toBe(200);
    expect(last.json().expires_in).toBe(5 * 60);
    t.clock.advance(5 * 60);
    expect((await api.abroad.get('/api/me', { token: last.json().access_token })).statusCode).toBe(401);
  });

  it('the web\'s cookie session ends too: 401 and its cookies cleared, which makes the web open sign-in', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const signIn = await t.app.inject({
      method: 'POST', url: '/api/access_token', query: { client: 'web' }, headers: { host: HOSTS.abroad },
      payload: { access_token: { login: user.email, password: PASSWORD } },
    });
    const csrf = signIn.cookies.find((c) => c.name === COOKIES.csrf)!.value;
    let cookie = signIn.cookies.find((c) => c.name === COOKIES.refresh('abroad'))!.value;
    for (let day = 0; day < 90; day += 29) {
      t.clock.advance(Math.min(29, 90 - day) * DAY);
      const res = await t.app.inject({
        method: 'PATCH', url: '/api/access_token', query: { client: 'web' }, headers: { host: HOSTS.abroad, 'x-csrf-token': csrf },
        cookies: { [COOKIES.refresh('abroad')]: cookie, [COOKIES.csrf]: csrf },
      });
      if (day + 29 < 90) {
        expect(res.statusCode).toBe(200);
        cookie = res.cookies.find((c) => c.name === COOKIES.refresh('abroad'))!.value;
      } else {
        expect(res.statusCode).toBe(401);
        expect(res.cookies.find((c) => c.name === COOKIES.refresh('abroad'))?.value).toBe('');
      }
    }
  });

});
