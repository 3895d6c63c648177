import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { clients } from '../support/client.ts';
import { seedAccounts } from '../../src/seed/accounts.ts';
import { seedCatalog } from '../../src/seed/catalog.ts';
import { seedGameReviews } from '../../src/seed/game-reviews.ts';
import { voteActivities } from '../../src/modules/game-reviews/tables.ts';
import { useTestApp } from '../support/test-app.ts';

const { t } = useTestApp({ seed: [seedAccounts, seedCatalog] });
let seeded: Awaited<ReturnType<typeof seedGameReviews>>;
beforeAll(async () => {
  seeded = await seedGameReviews(t.deps);
});

describe('seedGameReviews', () => {
  it('imports Steam reviews for the best-ranked games, Epic reviews for some, and a vote on each site', async () => {
    expect(seeded).toMatchObject({ steam_games: 24, epic_games: 8, votes: 8 });
    expect(seeded.reviews).toBeGreaterThan(24 * 60);
    const api = clients(t);
    for (const area of ['native', 'abroad'] as const) {
      const [activity] = await t.deps.db.select().from(voteActivities).where(eq(voteActivities.area, area));
      expect(activity).toBeDefined();
      const info = (await api[area].get(`/support/vote/activity/client/info?skuId=${activity!.skuId}`)).json();
      expect(info.data).toMatchObject({ status: 'current', totalCount: 4, myOptionId: null });
      const reviews = (await api[area].get(`/api/search/steam_reviews?sku_id=${activity!.skuId}`)).json();
      expect(reviews.meta.total_count).toBeGreaterThan(20);
      expect(reviews.steam_reviews[0].language).toBe(area === 'native' ? 'schinese' : 'english');
      const epic = (await api[area].get(`/forum/community/search/epic_reviews?skuId=${activity!.skuId}`)).json();
      expect(epic.data.total).toBeGreaterThan(20);
      const evaluation = (await api[area].get(`/forum/gameScore/sku/steamEvaluation?skuid=${activity!.skuId}`)).json();
      expect(evaluation.data.total).toBeGreaterThan(0);
      expect(evaluation.data.scoreKey).not.toBe('too_few_reviews');
    }
  });
});
