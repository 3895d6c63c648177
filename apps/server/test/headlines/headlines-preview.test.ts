import { describe, expect, it } from 'vitest';
import { HEADLINES_API } from '@lantern/contract';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { makeSection } from '../support/headlines-factories.ts';
import { useTestApp } from '../support/test-app.ts';

/** Staff read a submitted draft as the article it will become (docs/product/headlines.md#publishing). */
const { t, api } = useTestApp();

type Account = { id: number; token: string };
const as = (who: Account) => ({ token: who.token });

describe('a draft previewed before publishing', () => {
  it('answers the article publishing would make, field for field', async () => {
    const [editor, staff] = [await makeAccount(t, { role: 'editor' }), await makeAccount(t, { role: 'staff' })];
    const section = await makeSection(t);
    const game = await makeSku(t, { area: 'native' });
    const created = await api.native.post(HEADLINES_API.drafts, {
      headline_draft: { section_id: section.id, title: 'Patch 2.0', content: '<p>All the <strong>changes</strong></p><script>x</script>', items: [{ area: 'native', game_id: game.id }], submit: true },
    }, as(editor));
    expect(created.statusCode, created.body).toBe(201);
    const draftId = created.json().id as number;

    const preview = await api.native.get(HEADLINES_API.staffPreview(draftId), as(staff));
    expect(preview.statusCode, preview.body).toBe(200);
    const { preview: article, headline_draft } = preview.json();
    expect(headline_draft).toMatchObject({ id: draftId, status: 'submitted' });
    // The summary left blank is made from the text, as publishing makes it.
    expect(article).toMatchObject({ id: draftId, title: 'Patch 2.0', summary: 'All the changes', likes_count: 0, comments_count: 0, moderation_state: 'published' });
    expect(article.games.map((g: { id: number }) => g.id)).toEqual([game.id]);

    const published = await api.native.post(HEADLINES_API.staffPublish(draftId), undefined, as(staff));
    expect(published.statusCode, published.body).toBe(200);
    const read = (await api.native.get(HEADLINES_API.headline(published.json().headline.id))).json();
    const shown = (h: Record<string, unknown>) => ({ title: h.title, summary: h.summary, content: h.content, section: h.section, category: h.category, games: h.games, sku: h.sku, radio: h.radio, author: h.author, cover_url: h.cover_url });
    expect(shown(article)).toEqual(shown(read));
  });

  it('is staff only, of this site, and only while the draft waits for a decision', async () => {
    const [editor, staff] = [await makeAccount(t, { role: 'editor' }), await makeAccount(t, { role: 'staff' })];
    const section = await makeSection(t);
    const draft = (await api.native.post(HEADLINES_API.drafts, { headline_draft: { section_id: section.id, title: 'Held', content: '<p>Text</p>' } }, as(editor))).json();
    expect((await api.native.get(HEADLINES_API.staffPreview(draft.id), as(editor))).statusCode).toBe(403);
    const notYet = await api.native.get(HEADLINES_API.staffPreview(draft.id), as(staff));
    expect(notYet.statusCode).toBe(422);
    expect(notYet.json().errors).toEqual({ status: ['status_invalid'] });
    await api.native.patch(HEADLINES_API.draft(draft.id), { headline_draft: { submit: true } }, as(editor));
    expect((await api.native.get(HEADLINES_API.staffPreview(draft.id), as(staff))).statusCode).toBe(200);
    expect((await api.abroad.get(HEADLINES_API.staffPreview(draft.id), as(await makeAccount(t, { role: 'staff', area: 'abroad' })))).statusCode).toBe(404);
  });
});
