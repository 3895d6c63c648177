import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { HEADLINES_API } from '@lantern/contract';
import { clients } from '../support/client.ts';
import { seedAccounts } from '../../src/seed/accounts.ts';
import { seedCatalog } from '../../src/seed/catalog.ts';
import { seedHeadlines } from '../../src/seed/headlines.ts';
import { headlineDrafts } from '../../src/modules/headlines/tables.ts';
import { useTestApp } from '../support/test-app.ts';

/** The demo headlines: sections, articles in each site's language with covers and games, a draft for staff. */
const { t } = useTestApp({ seed: [seedAccounts, seedCatalog] });
beforeAll(async () => {
}, 180_000);

describe('seedHeadlines', () => {
  it('fills both sites with articles in their language, covers that load, games with prices, and a draft for staff', { timeout: 120_000 }, async () => {
    expect(await seedHeadlines(t.deps)).toMatchObject({ sections: 7, headlines: 12 });
    const api = clients(t);
    const zh = (await api.native.get(HEADLINES_API.headlines)).json();
    const en = (await api.abroad.get(HEADLINES_API.headlines)).json();
    expect(zh.meta.total_count).toBe(6);
    expect(en.meta.total_count).toBe(6);
    expect(zh.headlines[0].title).toMatch(/[\u4e00-\u9fff]/);
    expect(en.headlines[0].title).toMatch(/^[\x20-\x7e]+$/);
    const cover = zh.headlines.find((h: { cover_url: string | null }) => h.cover_url).cover_url as string;
    const image = await api.native.get(cover);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    const lead = (await api.abroad.get(HEADLINES_API.headline(en.headlines[0].id))).json();
    expect(lead.games.length).toBeGreaterThan(0);
    expect(lead.games.every((g: { area: string; sale_price: number }) => g.area === 'abroad' && g.sale_price > 0)).toBe(true);
    const page = (await api.native.get(HEADLINES_API.headlinePage)).json();
    expect(page.sections.map((s: { name: { en: string } }) => s.name.en)).toContain('Patch notes');
    expect(page.featured[0].category).toBe('recommend');
    const queued = await t.deps.db.select().from(headlineDrafts).where(eq(headlineDrafts.status, 'submitted'));
    expect(queued.map((d) => d.area).sort()).toEqual(['abroad', 'native']);
  });
});
