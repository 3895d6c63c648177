import { describe, expect, it } from 'vitest';
import { makeAccount } from '../support/catalog-factories.ts';
import { fundWallet } from '../support/payments-factories.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

// GET /api/me calls answered at the same moment are read together (platform/batched-loader.ts): each must
// still get its own account, its own site's wallet, and see what it wrote just before.
describe('GET /api/me asked by many accounts at once', () => {
  it('answers each of 30 accounts its own account and wallet', async () => {
    const readers: Awaited<ReturnType<typeof makeAccount>>[] = [];
    for (let i = 0; i < 30; i++) {
      const reader = await makeAccount(t, { area: 'native' });
      await fundWallet(t, reader.id, 'CNY', 100 + i);
      readers.push(reader);
    }
    const answers = await Promise.all(readers.map((r) => api.native.get('/api/me', { token: r.token })));
    answers.forEach((res, i) => {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: readers[i]!.id, wallet: { balance: 100 + i, currency: 'CNY' } });
    });
  });

  it('answers each site its own wallet when both sites ask at the same moment', async () => {
    const native = await makeAccount(t, { area: 'native' });
    const abroad = await makeAccount(t, { area: 'abroad' });
    await fundWallet(t, native.id, 'CNY', 800);
    await fundWallet(t, abroad.id, 'USD', 25);
    const [n, a] = await Promise.all([api.native.get('/api/me', { token: native.token }), api.abroad.get('/api/me', { token: abroad.token })]);
    expect(n.json()).toMatchObject({ id: native.id, area: 'native', wallet: { balance: 800, currency: 'CNY' } });
    expect(a.json()).toMatchObject({ id: abroad.id, area: 'abroad', wallet: { balance: 25, currency: 'USD' } });
  });

  it('shows a reader what it changed just before, while others read at the same moment', async () => {
    const writer = await makeAccount(t, { area: 'native' });
    const others = await Promise.all([1, 2, 3].map(() => makeAccount(t, { area: 'native' })));
    const introduction = `changed ${Date.now()}`;
    expect((await api.native.patch('/api/me', { account: { introduction } }, { token: writer.token })).statusCode).toBe(200);
    const [mine] = await Promise.all([writer, ...others].map((r) => api.native.get('/api/me', { token: r.token })));
    expect(mine!.json()).toMatchObject({ id: writer.id, introduction });
  });
});
