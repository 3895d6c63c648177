import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../support/client.ts';
import { seedAccounts } from '../../src/seed/accounts.ts';
import { seedCatalog } from '../../src/seed/catalog.ts';
import { seedKeysAndCodes } from '../../src/seed/keys.ts';
import { seedLotteries } from '../../src/seed/lottery.ts';
import { useTestApp } from '../support/test-app.ts';

/** The demo lotteries: a running one and an ended one with its seed revealed, on both sites. */
const { t } = useTestApp({ seed: [seedAccounts, seedCatalog, seedKeysAndCodes, seedLotteries] });
beforeAll(async () => {
}, 180_000);

describe('seedLotteries', () => {
  it('gives each site a running lottery with points, coupon and game prizes, and an ended one whose seed matches its hash', async () => {
    const api = clients(t);
    for (const area of ['native', 'abroad'] as const) {
      const { lottery_activities: list } = (await api[area].get('/api/lottery_activities')).json();
      const running = list.find((l: { status: string }) => l.status === 'current');
      const ended = list.find((l: { status: string }) => l.status === 'end');
      expect(running).toMatchObject({ mode: 'points', cost_points: 50, seed: null, currency: area === 'native' ? 'CNY' : 'USD' });
      expect(running.prizes.map((p: { kind: string }) => p.kind)).toEqual(['points', 'points', 'coupon', 'game']);
      expect(running.prizes.reduce((sum: number, p: { probability: number }) => sum + p.probability, 0)).toBeCloseTo(1);
      expect(createHash('sha256').update(ended.seed).digest('hex')).toBe(ended.seed_hash);
    }
  });
});
