import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { GUIDE_CONFIG } from '@lantern/domain';
import { makeAccount } from '../support/catalog-factories.ts';
import { signUpByEmail } from '../support/factories.ts';
import { accounts } from '../../src/modules/accounts/tables.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

type Configs = { configs: { kind: string; key: string; value: string }[] };
const guideOf = (me: Configs) => me.configs.find((c) => c.kind === GUIDE_CONFIG.kind && c.key === GUIDE_CONFIG.key)?.value;
const completedAt = async (id: number) => (await t.deps.db.select({ at: accounts.guideCompletedAt }).from(accounts).where(eq(accounts.id, id)))[0]!.at;

describe('the beginners\' guide flag (PATCH /api/me/guide)', () => {
  it('is due for a new account after sign-up, and done for the account once closed', async () => {
    const user = await signUpByEmail(t, api.abroad);
    expect(guideOf((await api.abroad.get('/api/me', { token: user.token })).json())).toBe('due');

    const res = await api.abroad.patch('/api/me/guide', undefined, { token: user.token });
    expect(res.statusCode).toBe(204);
    // Once per account, not per tab or device: kept on the account, so every session of it reads it.
    expect(guideOf((await api.abroad.get('/api/me', { token: user.token })).json())).toBe('done');
    expect(await completedAt(user.id)).toBeInstanceOf(Date);
  });

  it('keeps the first time: a replay closed later changes nothing', async () => {
    const user = await signUpByEmail(t, api.abroad);
    await api.abroad.patch('/api/me/guide', undefined, { token: user.token });
    const first = await completedAt(user.id);
    expect(first).toBeInstanceOf(Date);
    t.clock.advance(60);
    expect((await api.abroad.patch('/api/me/guide', undefined, { token: user.token })).statusCode).toBe(204);
    expect(await completedAt(user.id)).toEqual(first);
  });

  it('is never due for the store\'s team, even with no record of it', async () => {
    for (const role of ['editor', 'group_admin', 'staff', 'admin'] as const) {
      const member = await makeAccount(t, { area: 'abroad', role });
      await t.deps.db.update(accounts).set({ guideCompletedAt: null }).where(eq(accounts.id, member.id));
      expect(guideOf((await api.abroad.get('/api/me', { token: member.token })).json()), role).toBe('done');
    }
  });

  it('is not due for accounts that existed before it (made other than by sign-up)', async () => {
    const old = await makeAccount(t, { area: 'native' });
    expect(guideOf((await api.native.get('/api/me', { token: old.token })).json())).toBe('done');
  });

  it('asks for a session', async () => {
    expect((await api.abroad.patch('/api/me/guide')).statusCode).toBe(401);
  });
});
