import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { HEADLINES_API, MODERATION_API } from '@lantern/contract';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { makeHeadline, makeSection, uploadedImage } from '../support/headlines-factories.ts';
import { headlineDrafts } from '../../src/modules/headlines/tables.ts';
import { muteAccount } from '../../src/modules/moderation/index.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

type Account = { id: number; token: string };
const as = (who: Account) => ({ token: who.token });

async function people() {
  return { editor: await makeAccount(t, { role: 'editor' }), staff: await makeAccount(t, { role: 'staff' }), reader: await makeAccount(t) };
}

/** A draft written, submitted and published through the API: the draft and the article. */
async function publishThroughEditor(editor: Account, staff: Account, sectionId: number, fields: Record<string, unknown> = {}) {
  const created = await api.native.post(HEADLINES_API.drafts, { headline_draft: { section_id: sectionId, title: 'Spring patch notes', content: '<p>What changed</p>', ...fields, submit: true } }, as(editor));
  expect(created.statusCode, created.body).toBe(201);
  const published = await api.native.post(HEADLINES_API.staffPublish(created.json().id), undefined, as(staff));
  expect(published.statusCode, published.body).toBe(200);
  return published.json() as { headline_draft: { id: number; status: string; headline_id: number }; headline: { id: number } };
}

describe('editor drafts', () => {
  it('lets only editors write drafts: a guest is 401 and a member 403', async () => {
    const { reader } = await people();
    expect((await api.native.get(HEADLINES_API.drafts)).statusCode).toBe(401);
    expect((await api.native.post(HEADLINES_API.drafts, { headline_draft: {} })).statusCode).toBe(401);
    expect((await api.native.get(HEADLINES_API.drafts, as(reader))).statusCode).toBe(403);
    expect((await api.native.post(HEADLINES_API.drafts, { headline_draft: { title: 'x' } }, as(reader))).statusCode).toBe(403);
  });

  it('lets a muted editor save nothing (403 is_mute)', async () => {
    const { editor } = await people();
    await muteAccount(t.deps, editor.id, new Date(t.clock.now().getTime() + 3_600_000), 'spam', null);
    const refused = await api.native.post(HEADLINES_API.drafts, { headline_draft: { title: 'Hush' } }, as(editor));
    expect(refused.statusCode).toBe(403);
    expect(Object.values(refused.json().errors).flat()).toContain('is_mute');
  });

  it('saves a half-written draft, sanitising the body and keeping only the author\'s own images', async () => {
    const { editor } = await people();
    const other = await makeAccount(t, { role: 'editor' });
    const mine = await uploadedImage(t, editor.id);
    const theirs = await uploadedImage(t, other.id);
    const res = await api.native.post(HEADLINES_API.drafts, {
      headline_draft: { title: 'Half', content: `<p onclick="x()">Hi<script>alert(1)</script></p><img src="${mine}"><img src="${theirs}"><img src="https://evil.test/a.png">` },
    }, as(editor));
    expect(res.statusCode, res.body).toBe(201);
    const draft = res.json();
    expect(draft).toMatchObject({ status: 'draft', title: 'Half', section_id: null, area: 'native', author: { id: editor.id } });
    expect(draft.content).toContain(`src="${mine}"`);
    expect(draft.content).not.toContain(theirs);
    expect(draft.content).not.toMatch(/script|onclick|evil/);
    const listed = (await api.native.get(HEADLINES_API.drafts, as(editor))).json();
    expect(listed.headline_drafts.map((d: { id: number }) => d.id)).toEqual([draft.id]);
    // Another editor's draft is not theirs to see; the other site's list is another list.
    expect((await api.native.get(HEADLINES_API.draft(draft.id), as(other))).statusCode).toBe(404);
    const abroadEditor = await makeAccount(t, { role: 'editor', area: 'abroad' });
    expect((await api.abroad.get(HEADLINES_API.draft(draft.id), as(abroadEditor))).statusCode).toBe(404);
    expect((await api.native.get(HEADLINES_API.draft(draft.id), as(editor))).json().id).toBe(draft.id);
  });

  it('asks for a title, a body and a section before submitting, and refuses what is not valid with its reason', async () => {
    const { editor } = await people();
    const native = await makeSku(t, { area: 'native' });
    const abroad = await makeSku(t, { area: 'abroad' });
    const blank = await api.native.post(HEADLINES_API.drafts, { headline_draft: { submit: true } }, as(editor));
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({ title: ['blank'], content: ['blank'], section_id: ['blank'] });
    const wrong = await api.native.post(HEADLINES_API.drafts, {
      headline_draft: {
        section_id: 987_654, title: 'x'.repeat(121), cover_url: '/uploads/u/1/x/1/large.webp', sku_id: abroad.id,
        items: [{ area: 'native', game_id: native.id }, { area: 'native', game_id: native.id }, { area: 'native', game_id: abroad.id }],
        radio: { account_ids: [987_654_321] },
      },
    }, as(editor));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({
      title: ['too_long'], items: ['duplicate', 'invalid'], section_id: ['invalid'], cover_url: ['invalid'], radio: ['invalid'], sku_id: ['invalid'],
    });
    const tooMany = await api.native.post(HEADLINES_API.drafts, { headline_draft: { items: Array.from({ length: 13 }, (_, i) => ({ area: 'native', game_id: i + 1 })) } }, as(editor));
    expect(tooMany.json().errors.items).toContain('out_limit');
    expect((await api.native.post(HEADLINES_API.drafts, { headline_draft: { items: [{ area: 'moon', game_id: 1 }] } }, as(editor))).statusCode).toBe(422);
  });

  it('submits, is locked while staff look, and staff publish it once: the article, the link and the author told', async () => {
    const { editor, staff, reader } = await people();
    const section = await makeSection(t);
    const sku = await makeSku(t, { area: 'native', listPrice: 9900, salePrice: 4900 });
    const abroadSku = await makeSku(t, { area: 'abroad' });
    const cover = await uploadedImage(t, editor.id);
    const draft = (await api.native.post(HEADLINES_API.drafts, { headline_draft: { title: 'Draft one', cover_url: cover, items: [{ area: 'native', game_id: sku.id }, { area: 'abroad', game_id: abroadSku.id }], sku_id: sku.id } }, as(editor))).json();
    const saved = await api.native.patch(HEADLINES_API.draft(draft.id), { headline_draft: { section_id: section.id, content: '<p>The whole story</p>', radio: { account_ids: [reader.id] } } }, as(editor));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ title: 'Draft one', section_id: section.id, cover_url: cover, radio: { account_ids: [reader.id], accounts: [{ id: reader.id }], attachment: null } });
    const submitted = await api.native.patch(HEADLINES_API.draft(draft.id), { headline_draft: { submit: true } }, as(editor));
    expect(submitted.json()).toMatchObject({ status: 'submitted' });
    expect(submitted.json().submitted_at_timestamp).toEqual(expect.any(Number));
    const locked = await api.native.patch(HEADLINES_API.draft(draft.id), { headline_draft: { title: 'Sneaky' } }, as(editor));
    expect(locked.statusCode).toBe(422);
    expect(locked.json().errors).toEqual({ status: ['status_invalid'] });

    // Staff's queue is staff's: an editor is 403 there.
    expect((await api.native.get(HEADLINES_API.staffDrafts, as(editor))).statusCode).toBe(403);
    expect((await api.native.post(HEADLINES_API.staffPublish(draft.id), undefined, as(editor))).statusCode).toBe(403);
    const queue = (await api.native.get(HEADLINES_API.staffDrafts, as(staff))).json();
    expect(queue.headline_drafts.map((d: { id: number }) => d.id)).toContain(draft.id);
    expect((await api.abroad.get(HEADLINES_API.staffDrafts, as(await makeAccount(t, { role: 'staff', area: 'abroad' })))).json().headline_drafts.map((d: { id: number }) => d.id)).not.toContain(draft.id);

    const [first, second] = await Promise.all([
      api.native.post(HEADLINES_API.staffPublish(draft.id), undefined, as(staff)),
      api.native.post(HEADLINES_API.staffPublish(draft.id), undefined, as(staff)),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 422]);
    const won = (first.statusCode === 200 ? first : second).json();
    expect(won.headline_draft).toMatchObject({ status: 'published', headline_id: won.headline.id });
    expect(won.headline).toMatchObject({ title: 'Draft one', summary: 'The whole story', cover_url: cover, section_id: section.id, category: 'news' });
    // The author is told once (headline_auth), linked to the article.
    const told = (await api.native.get('/api/messages', as(editor))).json().messages;
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ kind: 'headline_auth', target_type: 'Headline', target_id: won.headline.id, excerpt: 'Draft one', href: `/headlines/${won.headline.id}`, read: false });

    const article = await api.native.get(HEADLINES_API.headline(won.headline.id), as(reader));
    expect(article.statusCode, article.body).toBe(200);
    expect(article.json()).toMatchObject({
      title: 'Draft one', content: '<p>The whole story</p>', section: { id: section.id }, like_type: null,
      games: [{ id: sku.id, list_price: 9900, sale_price: 4900 }], sku: { id: sku.id }, radio: { accounts: [{ id: reader.id }], attachment: null },
    });
    // A published draft is the article's record: not edited, not deleted.
    expect((await api.native.patch(HEADLINES_API.draft(draft.id), { headline_draft: { title: 'x' } }, as(editor))).statusCode).toBe(422);
    expect((await api.native.delete(HEADLINES_API.draft(draft.id), as(editor))).json().errors).toEqual({ status: ['status_invalid'] });
  });

  it('lets staff reject with a reason; the author is told, edits it back to a draft, resubmits, or deletes it', async () => {
    const { editor, staff } = await people();
    const section = await makeSection(t);
    const draft = (await api.native.post(HEADLINES_API.drafts, { headline_draft: { section_id: section.id, title: 'Rough', content: '<p>Rough</p>', submit: true } }, as(editor))).json();
    expect((await api.native.post(HEADLINES_API.staffReject(draft.id), { reason: '' }, as(staff))).statusCode).toBe(422);
    const rejected = await api.native.post(HEADLINES_API.staffReject(draft.id), { reason: 'Needs sources' }, as(staff));
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().headline_draft).toMatchObject({ status: 'rejected', reject_reason: 'Needs sources', headline_id: null });
    expect((await api.native.get('/api/messages', as(editor))).json().messages[0]).toMatchObject({ kind: 'headline_auth', target_type: 'HeadlineDraft', target_id: draft.id, excerpt: 'Needs sources' });
    expect((await api.native.post(HEADLINES_API.staffPublish(draft.id), undefined, as(staff))).json().errors).toEqual({ status: ['status_invalid'] });
    const edited = (await api.native.patch(HEADLINES_API.draft(draft.id), { headline_draft: { content: '<p>With sources</p>' } }, as(editor))).json();
    expect(edited).toMatchObject({ status: 'draft', reject_reason: 'Needs sources' });
    expect((await api.native.patch(HEADLINES_API.draft(draft.id), { headline_draft: { submit: true } }, as(editor))).json()).toMatchObject({ status: 'submitted', reject_reason: null });
    expect((await api.native.delete(HEADLINES_API.draft(draft.id), as(editor))).statusCode).toBe(200);
    expect((await api.native.get(HEADLINES_API.draft(draft.id), as(editor))).statusCode).toBe(404);
    const [row] = await t.deps.db.select().from(headlineDrafts).where(eq(headlineDrafts.id, draft.id));
    expect(row!.deletedAt).not.toBeNull();
    expect((await api.native.post(HEADLINES_API.staffPublish(draft.id), undefined, as(staff))).statusCode).toBe(404);
  });
});

describe('sections (staff)', () => {
  it('lets staff make tabs and sub-sections one level deep, and no one else', async () => {
    const { editor, staff } = await people();
    const body = { headline_section: { name: { en: 'Esports', chs: '电竞' }, category: 'news' } };
    expect((await api.native.post(HEADLINES_API.staffSections, body)).statusCode).toBe(401);
    expect((await api.native.post(HEADLINES_API.staffSections, body, as(editor))).statusCode).toBe(403);
    const tab = await api.native.post(HEADLINES_API.staffSections, body, as(staff));
    expect(tab.statusCode, tab.body).toBe(201);
    expect(tab.json()).toMatchObject({ name: { en: 'Esports', chs: '电竞' }, category: 'news', parent_id: null, kind: 'list' });
    const sub = await api.native.post(HEADLINES_API.staffSections, { headline_section: { name: { en: 'Finals', chs: '总决赛' }, category: 'video', parent_id: tab.json().id, kind: 'gallery' } }, as(staff));
    expect(sub.json()).toMatchObject({ parent_id: tab.json().id, kind: 'gallery' });
    const deeper = await api.native.post(HEADLINES_API.staffSections, { headline_section: { name: { en: 'x', chs: 'x' }, category: 'news', parent_id: sub.json().id } }, as(staff));
    expect(deeper.json().errors).toEqual({ parent_id: ['invalid'] });
    expect((await api.native.patch(HEADLINES_API.staffSection(tab.json().id), { headline_section: { parent_id: tab.json().id } }, as(staff))).json().errors).toEqual({ parent_id: ['invalid'] });
    // A tab with sub-sections stays a tab.
    const other = (await api.native.post(HEADLINES_API.staffSections, body, as(staff))).json();
    expect((await api.native.patch(HEADLINES_API.staffSection(tab.json().id), { headline_section: { parent_id: other.id } }, as(staff))).json().errors).toEqual({ parent_id: ['invalid'] });
    const renamed = await api.native.patch(HEADLINES_API.staffSection(sub.json().id), { headline_section: { name: { en: 'Grand finals', chs: '总决赛' }, position: 3 } }, as(staff));
    expect(renamed.json()).toMatchObject({ name: { en: 'Grand finals' }, category: 'video' });
    expect((await api.native.patch(HEADLINES_API.staffSection(987_654), { headline_section: { position: 1 } }, as(staff))).statusCode).toBe(404);
    expect((await api.native.post(HEADLINES_API.staffSections, { headline_section: { name: { en: '', chs: 'x' }, category: 'news' } }, as(staff))).statusCode).toBe(422);
    const page = (await api.native.get(HEADLINES_API.headlinePage)).json();
    expect(page.sections.map((s: { id: number }) => s.id)).toEqual(expect.arrayContaining([tab.json().id, sub.json().id]));
  });

  it('lets staff correct a published article in place; readers see it at once; editors and members may not', async () => {
    const { editor, staff, reader } = await people();
    const section = await makeSection(t);
    const { headline } = await publishThroughEditor(editor, staff, section.id);
    const edit = (id: number, fields: Record<string, unknown>, who: Account = staff, area: 'native' | 'abroad' = 'native') =>
      api[area].patch(HEADLINES_API.staffHeadline(id), { headline_draft: fields }, as(who));
    expect((await api.native.get(HEADLINES_API.headline(headline.id), as(reader))).json().title).toBe('Spring patch notes');

    const other = await makeSection(t);
    const fixed = await edit(headline.id, { title: '  Spring patch notes (corrected)  ', content: '<p>What changed<script>x()</script></p>', section_id: other.id });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().headline).toMatchObject({ id: headline.id, title: 'Spring patch notes (corrected)' });
    const read = (await api.native.get(HEADLINES_API.headline(headline.id), as(reader))).json();
    expect(read).toMatchObject({ title: 'Spring patch notes (corrected)', section: { id: other.id }, author: { id: editor.id } });
    expect(read.content).not.toContain('script');

    expect((await edit(headline.id, { title: 'x' }, editor)).statusCode).toBe(403);
    expect((await edit(headline.id, { title: 'x' }, reader)).statusCode).toBe(403);
    const bad = await edit(headline.id, { title: 'x'.repeat(121), section_id: null });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ title: ['too_long'], section_id: ['blank'] });
    expect((await edit(987_654_321, { title: 'x' })).statusCode).toBe(404);
    // Another site's staff do not find it: articles belong to one site.
    expect((await edit(headline.id, { title: 'x' }, await makeAccount(t, { role: 'staff', area: 'abroad' }), 'abroad')).statusCode).toBe(404);
    const gone = await makeHeadline(t, editor.id, section.id, { deletedAt: t.clock.now() });
    expect((await edit(gone.id, { title: 'x' })).statusCode).toBe(404);
  });

  it('lets staff delete an empty section only: in_use while an article, a draft or a sub-section points at it', async () => {
    const { editor, staff } = await people();
    const remove = (id: number, who: Account = staff) => api.native.delete(HEADLINES_API.staffSection(id), as(who));
    const tab = await makeSection(t);
    const sub = await makeSection(t, { parentId: tab.id });
    expect((await remove(tab.id, editor)).statusCode).toBe(403);
    expect((await remove(tab.id)).json()).toEqual({ errors: { section: ['in_use'] } });

    // A draft in it holds it; once its editor deletes the draft, the section lets it go.
    const draft = await api.native.post(HEADLINES_API.drafts, { headline_draft: { section_id: sub.id, title: 'Half written' } }, as(editor));
    expect(draft.statusCode, draft.body).toBe(201);
    expect((await remove(sub.id)).json()).toEqual({ errors: { section: ['in_use'] } });
    expect((await api.native.delete(HEADLINES_API.draft(draft.json().id), as(editor))).statusCode).toBe(200);
    expect((await remove(sub.id)).statusCode).toBe(204);
    expect((await remove(sub.id)).statusCode).toBe(404);

    // An article taken down for good still keeps its section.
    const withArticle = await makeSection(t);
    await makeHeadline(t, editor.id, withArticle.id, { deletedAt: t.clock.now() });
    expect((await remove(withArticle.id)).json()).toEqual({ errors: { section: ['in_use'] } });

    expect((await remove(tab.id)).statusCode).toBe(204);
    const page = (await api.native.get(HEADLINES_API.headlinePage)).json();
    expect(page.sections.map((s: { id: number }) => s.id)).not.toContain(tab.id);
  });
});

describe('reading headlines', () => {
  it('lists a site\'s articles newest first, 10 a page, by section (with sub-sections) or category', async () => {
    const { editor } = await people();
    const tab = await makeSection(t, { category: 'article' });
    const sub = await makeSection(t, { category: 'video', parentId: tab.id, kind: 'gallery' });
    const other = await makeSection(t, { category: 'news' });
    const made = [];
    for (let i = 0; i < 12; i++) made.push(await makeHeadline(t, editor.id, i % 2 ? sub.id : tab.id, { minutesAgo: 100 - i }));
    await makeHeadline(t, editor.id, other.id, { minutesAgo: 200 });
    await makeHeadline(t, editor.id, tab.id, { area: 'abroad', minutesAgo: 1 });
    await makeHeadline(t, editor.id, tab.id, { state: 'hidden', minutesAgo: 1 });
    await makeHeadline(t, editor.id, tab.id, { deletedAt: t.clock.now(), minutesAgo: 1 });

    const page1 = (await api.native.get(`${HEADLINES_API.headlines}?q[section_id_eq]=${tab.id}`)).json();
    expect(page1.meta).toEqual({ total_count: 12, page: 1, per: 10 });
    expect(page1.headlines.map((h: { id: number }) => h.id)).toEqual(made.slice(2).reverse().map((h) => h.id));
    const page2 = (await api.native.get(`${HEADLINES_API.headlines}?q[section_id_eq]=${tab.id}&page=2`)).json();
    expect(page2.headlines.map((h: { id: number }) => h.id)).toEqual([made[1]!.id, made[0]!.id]);
    const videos = (await api.native.get(`${HEADLINES_API.headlines}?q[section_id_eq]=${tab.id}&q[category_eq]=video&per=50`)).json();
    expect(videos.headlines.map((h: { id: number }) => h.id)).toEqual(made.filter((_, i) => i % 2).reverse().map((h) => h.id));
    expect(videos.headlines[0]).toMatchObject({ category: 'video', author: { id: editor.id }, likes_count: 0, comments_count: 0 });
    expect((await api.native.get(`${HEADLINES_API.headlines}?per=500`)).statusCode).toBe(422);
    expect((await api.native.get(`${HEADLINES_API.headlines}?q[category_eq]=gossip`)).statusCode).toBe(422);
  });

  it('answers the headlines home: sections as tabs and lead stories, recommended first; an unknown section is 404', async () => {
    const { editor } = await people();
    const recommend = await makeSection(t, { category: 'recommend' });
    const news = await makeSection(t, { category: 'news' });
    const picked = await makeHeadline(t, editor.id, recommend.id, { minutesAgo: 30 });
    const covered = await makeHeadline(t, editor.id, news.id, { coverUrl: '/uploads/x/large.webp', minutesAgo: 5 });
    const page = (await api.native.get(HEADLINES_API.headlinePage)).json();
    expect(page.sections).toEqual(expect.arrayContaining([{ id: recommend.id, name: recommend.name, category: 'recommend', parent_id: null, kind: 'list' }]));
    const ids = page.featured.map((h: { id: number }) => h.id);
    expect(ids.indexOf(picked.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(picked.id)).toBeLessThan(ids.indexOf(covered.id));
    expect(page.featured.length).toBeLessThanOrEqual(5);
    const ofNews = (await api.native.get(`${HEADLINES_API.headlinePage}?q[section_id_eq]=${news.id}`)).json();
    expect(ofNews.featured.map((h: { id: number }) => h.id)).toEqual([covered.id]);
    expect((await api.native.get(`${HEADLINES_API.headlinePage}?q[section_id_eq]=987654`)).statusCode).toBe(404);
  });

  it('shows an article on its own site only; a hidden one to its author and staff; unknown is 404', async () => {
    const { editor, staff, reader } = await people();
    const section = await makeSection(t);
    const shown = await makeHeadline(t, editor.id, section.id);
    const hidden = await makeHeadline(t, editor.id, section.id, { state: 'hidden' });
    expect((await api.native.get(HEADLINES_API.headline(shown.id))).statusCode).toBe(200);
    expect((await api.abroad.get(HEADLINES_API.headline(shown.id))).statusCode).toBe(404);
    expect((await api.native.get(HEADLINES_API.headline(987_654_321))).statusCode).toBe(404);
    expect((await api.native.get(HEADLINES_API.headline('abc'))).statusCode).toBe(422);
    expect((await api.native.get(HEADLINES_API.headline(hidden.id), as(reader))).statusCode).toBe(404);
    expect((await api.native.get(HEADLINES_API.headline(hidden.id), as(editor))).json()).toMatchObject({ moderation_state: 'hidden' });
    expect((await api.native.get(HEADLINES_API.headline(hidden.id), as(staff))).statusCode).toBe(200);
  });

  it('puts at most 3 of the site\'s newest headlines on the store home', async () => {
    const { editor } = await people();
    const section = await makeSection(t);
    const newest = [];
    for (let i = 0; i < 4; i++) newest.push(await makeHeadline(t, editor.id, section.id, { minutesAgo: -10 - i }));
    await makeHeadline(t, editor.id, section.id, { area: 'abroad', minutesAgo: -100 });
    const home = (await api.native.get('/api/v7/home')).json();
    expect(home.headlines.map((h: { id: number }) => h.id)).toEqual(newest.slice(1).reverse().map((h) => h.id));
  });
});

describe('comments, replies and likes on an article', () => {
  it('comments and replies through /api/replies, lists them 15 and 5 a page in either order, and deletes one\'s own', async () => {
    const { editor, staff, reader } = await people();
    const other = await makeAccount(t);
    const { headline } = await publishThroughEditor(editor, staff, (await makeSection(t)).id);
    expect((await api.native.post(HEADLINES_API.replies, { reply: { accessible_type: 'Headline', accessible_id: headline.id, content: 'hi' } })).statusCode).toBe(401);
    const c1 = await api.native.post(HEADLINES_API.replies, { reply: { accessible_type: 'Headline', accessible_id: headline.id, content: 'First!' } }, as(reader));
    expect(c1.statusCode, c1.body).toBe(201);
    expect(c1.json()).toMatchObject({ reply: { commentable_type: 'Headline', commentable_id: headline.id, reply: false, content: 'First!' }, commentable: { comments_count: 1 } });
    const commentId = c1.json().reply.id as number;
    const r1 = await api.native.post(HEADLINES_API.replies, { reply: { accessible_type: 'Reply', accessible_id: commentId, content: 'Agreed' } }, as(other));
    expect(r1.statusCode, r1.body).toBe(201);
    expect(r1.json().reply).toMatchObject({ reply: true, commentary_id: commentId, target_reply_account_ids: [reader.id] });
    const r2 = await api.native.post(HEADLINES_API.replies, { reply: { accessible_type: 'Reply', accessible_id: commentId, target_reply_id: r1.json().reply.id, content: 'Me too' } }, as(reader));
    expect(r2.json().reply).toMatchObject({ target_reply_id: r1.json().reply.id, target_reply_account_ids: [other.id] });
    for (let i = 0; i < 15; i++) await api.native.post(HEADLINES_API.replies, { reply: { accessible_type: 'Headline', accessible_id: headline.id, content: `c${i}` } }, as(other));

    const oldest = (await api.native.get(HEADLINES_API.headlineReplies(headline.id))).json();
    expect(oldest.meta).toEqual({ total_count: 16, page: 1, per: 15 });
    expect(oldest.replies[0]).toMatchObject({ id: commentId, reply_count: 2 });
    expect(oldest.commentable).toMatchObject({ comments_count: 18 });
    const newest = (await api.native.get(`${HEADLINES_API.headlineReplies(headline.id)}?q[s]=created_at%20desc`)).json();
    expect(newest.replies[0].content).toBe('c14');
    const replies = (await api.native.get(`${HEADLINES_API.replies}?q[accessible_type_eq]=Reply&q[accessible_id_eq]=${commentId}`)).json();
    expect(replies.meta).toEqual({ total_count: 2, page: 1, per: 5 });
    expect(replies.replies.map((r: { content: string }) => r.content)).toEqual(['Agreed', 'Me too']);
    const comments = (await api.native.get(`${HEADLINES_API.replies}?q[accessible_type_eq]=Headline&q[accessible_id_eq]=${headline.id}`)).json();
    expect(comments.meta).toEqual({ total_count: 16, page: 1, per: 5 });
    expect((await api.native.get(`${HEADLINES_API.replies}?q[accessible_type_eq]=Post&q[accessible_id_eq]=1`)).statusCode).toBe(422);

    expect((await api.native.delete(HEADLINES_API.reply(commentId), as(other))).statusCode).toBe(403);
    expect((await api.native.delete(HEADLINES_API.reply(commentId))).statusCode).toBe(401);
    const gone = await api.native.delete(HEADLINES_API.reply(commentId), as(reader));
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toMatchObject({ deleted_count: 3, commentary_id: null, commentable: { comments_count: 15 } });
    const late = await api.native.post(HEADLINES_API.replies, { reply: { accessible_type: 'Reply', accessible_id: commentId, content: 'late' } }, as(other));
    expect(late.statusCode).toBe(404);
    expect(late.json().errors).toEqual({ accessible_id: ['not_found'] });
    expect((await api.native.get(HEADLINES_API.headline(headline.id))).json()).toMatchObject({ comments_count: 15 });
  });

  it('refuses comments on an article that is not there or is of the other site, and replies to a comment that is not an article\'s', async () => {
    const { editor, staff, reader } = await people();
    const { headline } = await publishThroughEditor(editor, staff, (await makeSection(t)).id);
    const missing = await api.native.post(HEADLINES_API.replies, { reply: { accessible_type: 'Headline', accessible_id: 987_654_321, content: 'x' } }, as(reader));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors).toEqual({ accessible_id: ['not_found'] });
    const abroadReader = await makeAccount(t, { area: 'abroad' });
    expect((await api.abroad.post(HEADLINES_API.replies, { reply: { accessible_type: 'Headline', accessible_id: headline.id, content: 'x' } }, as(abroadReader))).statusCode).toBe(404);
    expect((await api.abroad.get(HEADLINES_API.headlineReplies(headline.id))).statusCode).toBe(404);
    expect((await api.native.post(HEADLINES_API.replies, { reply: { accessible_type: 'Headline', accessible_id: headline.id, content: '   ' } }, as(reader))).statusCode).toBe(422);
    expect((await api.native.post(HEADLINES_API.replies, { reply: { accessible_type: 'Headline', accessible_id: headline.id, target_reply_id: 5, content: 'x' } }, as(reader))).json().errors).toEqual({ target_reply_id: ['invalid'] });
    expect((await api.native.post(HEADLINES_API.replies, { reply: { accessible_type: 'Reply', accessible_id: 987_654_321, content: 'x' } }, as(reader))).json().errors).toEqual({ accessible_id: ['not_found'] });
  });

  it('likes an article through /api/likes; the article shows the count and the reader\'s like', async () => {
    const { editor, staff, reader } = await people();
    const { headline } = await publishThroughEditor(editor, staff, (await makeSection(t)).id);
    expect((await api.native.post('/api/likes', { like: { accessible_type: 'Headline', accessible_id: headline.id } })).statusCode).toBe(401);
    const liked = await api.native.post('/api/likes', { like: { accessible_type: 'Headline', accessible_id: headline.id } }, as(reader));
    expect(liked.statusCode, liked.body).toBe(200);
    expect(liked.json().like).toMatchObject({ accessible_type: 'Headline', likes_count: 1, like_type: 1 });
    expect((await api.native.post('/api/likes', { like: { accessible_type: 'Headline', accessible_id: headline.id, type: 1 } }, as(reader))).json().errors).toEqual({ account_id: ['taken'] });
    expect((await api.native.get(HEADLINES_API.headline(headline.id), as(reader))).json()).toMatchObject({ likes_count: 1, like_type: 1 });
    expect((await api.native.get(HEADLINES_API.headline(headline.id))).json()).toMatchObject({ likes_count: 1, like_type: null });
    expect((await api.abroad.post('/api/likes', { like: { accessible_type: 'Headline', accessible_id: headline.id } }, as(await makeAccount(t, { area: 'abroad' })))).statusCode).toBe(404);
  });
});

describe('reports on articles (type headline)', () => {
  it('reports an article; staff hide it (gone for readers, no more comments) and bring it back', async () => {
    const { editor, staff, reader } = await people();
    const { headline } = await publishThroughEditor(editor, staff, (await makeSection(t)).id);
    const reported = await api.native.post(MODERATION_API.reports, { report: { target_type: 'headline', target_id: headline.id, reason: 'spam' } }, as(reader));
    expect(reported.statusCode, reported.body).toBe(201);
    expect((await api.native.post(MODERATION_API.reports, { report: { target_type: 'headline', target_id: 987_654_321, reason: 'spam' } }, as(reader))).statusCode).toBe(404);
    const hidden = await api.native.post(MODERATION_API.adminResolveReport(reported.json().report.id), { resolution: { action: 'hide' } }, as(staff));
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await api.native.get(HEADLINES_API.headline(headline.id), as(reader))).statusCode).toBe(404);
    expect((await api.native.get(`${HEADLINES_API.headlines}?per=50`)).json().headlines.map((h: { id: number }) => h.id)).not.toContain(headline.id);
    expect((await api.native.post(HEADLINES_API.replies, { reply: { accessible_type: 'Headline', accessible_id: headline.id, content: 'x' } }, as(reader))).statusCode).toBe(404);
    expect((await api.native.post(MODERATION_API.adminUnhide('headline', headline.id), undefined, as(staff))).statusCode).toBe(200);
    expect((await api.native.get(HEADLINES_API.headline(headline.id), as(reader))).statusCode).toBe(200);
  });

  it('leaves the editor\'s published draft without a link to its article once staff delete the article', async () => {
    const { editor, staff, reader } = await people();
    const { headline, headline_draft } = await publishThroughEditor(editor, staff, (await makeSection(t)).id);
    const listed = async () => (await api.native.get(HEADLINES_API.drafts, as(editor))).json().headline_drafts.find((d: { id: number }) => d.id === headline_draft.id);
    expect((await listed()).headline_id).toBe(headline.id);
    const reported = await api.native.post(MODERATION_API.reports, { report: { target_type: 'headline', target_id: headline.id, reason: 'spam' } }, as(reader));
    const deleted = await api.native.post(MODERATION_API.adminResolveReport(reported.json().report.id), { resolution: { action: 'delete' } }, as(staff));
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await api.native.get(HEADLINES_API.headline(headline.id), as(editor))).statusCode).toBe(404);
    expect(await listed()).toMatchObject({ status: 'published', headline_id: null });
    expect((await api.native.get(HEADLINES_API.draft(headline_draft.id), as(editor))).json()).toMatchObject({ headline_id: null });
  });

  it('reports a comment on an article as any comment (type comment)', async () => {
    const { editor, staff, reader } = await people();
    const { headline } = await publishThroughEditor(editor, staff, (await makeSection(t)).id);
    const c = (await api.native.post(HEADLINES_API.replies, { reply: { accessible_type: 'Headline', accessible_id: headline.id, content: 'rude words' } }, as(editor))).json().reply;
    const reported = await api.native.post(MODERATION_API.reports, { report: { target_type: 'comment', target_id: c.id, reason: 'abuse' } }, as(reader));
    expect(reported.statusCode, reported.body).toBe(201);
  });
});
