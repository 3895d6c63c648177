import { describe, expect, it } from 'vitest';
import { seedAccounts } from '../../src/seed/accounts.ts';
import { seedLinkedAccounts } from '../../src/seed/linked-accounts.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

describe('seedLinkedAccounts', () => {
  it('links Steam for both demo shoppers and WeChat for the mainland one, visible in basic info', async () => {
    await seedAccounts(t.deps);
    expect(await seedLinkedAccounts(t.deps)).toEqual({ bindings: 3 });
    const signIn = await api.native.post('/api/access_token', { access_token: { login: 'demo@lantern.test', password: 'Lantern2026' } });
    expect(signIn.statusCode, signIn.body).toBe(201);
    const me = (await api.native.get('/api/me', { token: signIn.json().access_token })).json();
    expect(me.platforms.map((p: { kind: string }) => p.kind)).toEqual(['steam', 'wechat']);
  });
});
