import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { HEADLINES_API } from '@lantern/contract';
import { makeAccount } from '../support/catalog-factories.ts';
import { makeHeadline, makeSection } from '../support/headlines-factories.ts';
import { headlines } from '../../src/modules/headlines/tables.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * With the response cache on (as in production), headline lists, articles and their first comments are shared
 * reads (platform/shared-reads.ts): a guest gets the cached copy, a signed-in reader the same copy with their own
 * like laid over it, and a reader who wrote within the cache's lifetime a fresh answer.
 */
const { t, api } = useTestApp({ env: { CATALOG_CACHE_SECONDS: '60' } });

const titles = (body: { headlines: { title: string }[] }) => body.headlines.map((h) => h.title);

describe('headlines as shared reads', () => {
  it("serves a section's list from the cache to guests, until the cache's lifetime ends", async () => {
    const [editor, section] = [await makeAccount(t, { role: 'editor' }), await makeSection(t)];
    await makeHeadline(t, editor.id, section.id, { title: 'First light', minutesAgo: 5 });
    const list = `${HEADLINES_API.headlines}?q[section_id_eq]=${section.id}`;
    const first = await api.native.get(list);
    expect(titles(first.json())).toEqual(['First light']);
    await makeHeadline(t, editor.id, section.id, { title: 'Second light' });
    const again = await api.native.get(list);
    expect(again.body).toBe(first.body);
    // A reader who has written nothing gets the same shared bytes.
    expect((await api.native.get(list, { token: (await makeAccount(t)).token })).body).toBe(first.body);
  });

  it('shows an article staff just published to every reader at once, though the list was cached before', async () => {
    const [editor, staff, section] = [await makeAccount(t, { role: 'editor' }), await makeAccount(t, { role: 'staff' }), await makeSection(t)];
    await makeHeadline(t, editor.id, section.id, { title: 'Older news', minutesAgo: 30 });
    const list = `${HEADLINES_API.headlines}?q[section_id_eq]=${section.id}`;
    expect(titles((await api.native.get(list)).json())).toEqual(['Older news']);
    const draft = await api.native.post(HEADLINES_API.drafts, { headline_draft: { section_id: section.id, title: 'Breaking news', content: '<p>Now</p>', submit: true } }, { token: editor.token });
    expect(draft.statusCode, draft.body).toBe(201);
    const published = await api.native.post(HEADLINES_API.staffPublish(draft.json().id), undefined, { token: staff.token });
    expect(published.statusCode, published.body).toBe(200);
    expect(titles((await api.native.get(list)).json())).toEqual(['Breaking news', 'Older news']);
    expect(titles((await api.native.get(list, { token: (await makeAccount(t)).token })).json())).toEqual(['Breaking news', 'Older news']);
  });

  it('lays a signed-in reader\'s like over the shared article, and gives the liker a fresh page at once', async () => {
    const [editor, section, reader] = [await makeAccount(t, { role: 'editor' }), await makeSection(t), await makeAccount(t)];
    const article = await makeHeadline(t, editor.id, section.id, { title: 'Liked article' });
    const page = HEADLINES_API.headline(article.id);
    expect((await api.native.get(page)).json()).toMatchObject({ title: 'Liked article', like_type: null, likes_count: 0 });
    const liked = await api.native.post('/api/likes', { like: { accessible_type: 'Headline', accessible_id: article.id } }, { token: reader.token });
    expect(liked.statusCode, liked.body).toBe(200);
    expect((await api.native.get(page, { token: reader.token })).json()).toMatchObject({ like_type: 1, likes_count: 1 });
    // A guest still reads the copy cached before the like.
    expect((await api.native.get(page)).json()).toMatchObject({ like_type: null, likes_count: 0 });
    // Its first comments carry the reader's like of the article too.
    expect((await api.native.get(HEADLINES_API.headlineReplies(article.id), { token: reader.token })).json().commentable.like_type).toBe(1);
  });

  it('shows a commenter their comment at once while others read the shared first page', async () => {
    const [editor, section, writer, other] = [await makeAccount(t, { role: 'editor' }), await makeSection(t), await makeAccount(t), await makeAccount(t)];
    const article = await makeHeadline(t, editor.id, section.id);
    const replies = HEADLINES_API.headlineReplies(article.id);
    expect((await api.native.get(replies)).json().replies).toEqual([]);
    const sent = await api.native.post(HEADLINES_API.replies, { reply: { accessible_type: 'Headline', accessible_id: article.id, content: 'Great read' } }, { token: writer.token });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await api.native.get(replies, { token: writer.token })).json().replies.map((r: { content: string }) => r.content)).toEqual(['Great read']);
    expect((await api.native.get(replies, { token: other.token })).json().replies).toEqual([]);
  });

  it('keeps a hidden article from guests through the cache (404) while staff still read it', async () => {
    const [editor, section, staff] = [await makeAccount(t, { role: 'editor' }), await makeSection(t), await makeAccount(t, { role: 'staff' })];
    const article = await makeHeadline(t, editor.id, section.id, { title: 'Taken down' });
    await t.deps.db.update(headlines).set({ state: 'hidden' }).where(eq(headlines.id, article.id));
    expect((await api.native.get(HEADLINES_API.headline(article.id))).statusCode).toBe(404);
    expect((await api.native.get(HEADLINES_API.headline(article.id), { token: staff.token })).json()).toMatchObject({ title: 'Taken down', moderation_state: 'hidden' });
    expect((await api.native.get(HEADLINES_API.headline(article.id), { token: editor.token })).json()).toMatchObject({ moderation_state: 'hidden' });
  });
});
