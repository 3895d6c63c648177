import { beforeAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { HOSTS } from '../support/harness.ts';
import { posts } from '../../src/modules/community/tables.ts';
import { clients } from '../support/client.ts';
import { seedAccounts } from '../../src/seed/accounts.ts';
import { seedCatalog } from '../../src/seed/catalog.ts';
import { seedCommunity } from '../../src/seed/community.ts';
import { reconcileGroupCounters } from '../../src/modules/community/index.ts';
import { seedDiscussion } from '../../src/seed/discussion.ts';
import { findDrift } from '../../src/modules/discussion/index.ts';
import { seedForum } from '../../src/seed/forum.ts';
import { useTestApp } from '../support/test-app.ts';

/** The demo community: a group per game on both sites, hundreds of posts and reviews in both languages. */
const { t } = useTestApp({ seed: [seedAccounts, seedCatalog] });
beforeAll(async () => {
}, 180_000);

describe('seedCommunity', () => {
  it('writes a group per demo game with hundreds of posts and reviews, counters exact, readable on both sites', { timeout: 120_000 }, async () => {
    const seeded = await seedCommunity(t.deps);
    expect(seeded.groups).toBe(160);
    expect(seeded.posts + seeded.reviews).toBeGreaterThan(500);
    expect(seeded.reviews).toBeGreaterThan(200);
    expect(await reconcileGroupCounters(t.deps)).toEqual({ repaired: 0 });
    const api = clients(t);
    const native = (await api.native.get('/api/community_home')).json();
    expect(native.group_halls.length).toBeGreaterThan(0);
    expect(native.recent_posts.length).toBe(10);
    const busiest = native.group_halls[0];
    const list = (await api.native.get(`/api/search/posts?group_id=${busiest.id}`)).json();
    expect(list.meta.total_count).toBeGreaterThan(5);
    expect(list.posts.some((p: { sticky_sequence: number }) => p.sticky_sequence > 0)).toBe(true);
    const zh = (await api.native.get(`/api/search/posts?keyword=${encodeURIComponent('攻略')}`)).json();
    const en = (await api.abroad.get('/api/search/posts?keyword=guide')).json();
    expect(zh.meta.total_count).toBeGreaterThan(0);
    expect(en.meta.total_count).toBeGreaterThan(0);
    const locked = (await api.native.get('/api/hots?per=100')).json();
    expect(locked.posts.length).toBeGreaterThan(0);
    const evaluation = (await api.abroad.get(`/api/groups/${busiest.id}/evaluation`)).json();
    expect(evaluation.reviews_count).toBeGreaterThan(0);
    expect(evaluation.distribution.reduce((a: number, b: number) => a + b, 0)).toBeLessThanOrEqual(evaluation.reviews_count);
    // A few demo posts show a picture made at seed time, stored as their author's upload.
    expect(seeded.images).toBe(3);
    const [pictured] = await t.deps.db.select().from(posts).where(like(posts.contentHtml, '%<img src="/uploads/%')).limit(1);
    const src = /<img src="([^"]+)"/.exec(pictured!.contentHtml)![1]!;
    const image = await t.app.inject({ method: 'GET', url: src, headers: { host: HOSTS.native } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect((await api.native.get(`/api/posts/${pictured!.id}`)).json().post.content).toContain(src);
  });

  it('never repeats a sentence within one post', async () => {
    const rows = await t.deps.db.select({ id: posts.id, html: posts.contentHtml }).from(posts);
    const repeating = rows.filter((r) => {
      const parts = [...r.html.matchAll(/<li>(.*?)<\/li>/g)].map((m) => m[1]);
      return new Set(parts).size !== parts.length;
    });
    expect(rows.length).toBeGreaterThan(500);
    expect(repeating.map((r) => r.id)).toEqual([]);
  });

  it('talks on the newest posts: comments, replies and likes through the discussion module, counters exact', { timeout: 120_000 }, async () => {
    const talk = await seedDiscussion(t.deps);
    expect(talk.likes).toBeGreaterThan(40);
    expect(talk.comments).toBeGreaterThan(20);
    expect(await findDrift(t.deps.db)).toEqual([]);
    const api = clients(t);
    const newest = (await api.abroad.get('/api/community_home')).json().recent_posts as { id: number; likes_count: number; comments_count: number }[];
    expect(newest.some((p) => p.likes_count > 0 && p.comments_count > 0)).toBe(true);
  });

  it('runs a points campaign on each site\'s most followed group, shown on the forum host; seeding again adds none', async () => {
    expect(await seedForum(t.deps)).toEqual({ campaigns: 2 });
    expect(await seedForum(t.deps)).toEqual({ campaigns: 0 });
    const api = clients(t);
    for (const site of [api.native, api.abroad]) {
      const busiest = (await site.get('/api/group_halls?per=1')).json().groups[0];
      const campaign = (await site.get(`/forum/integral/participation?groupId=${busiest.id}`)).json();
      expect(campaign).toMatchObject({ code: 200, data: { groupId: busiest.id, status: 'running', pointsPerDay: 5, maxDays: 10, joined: false } });
    }
  });
});
