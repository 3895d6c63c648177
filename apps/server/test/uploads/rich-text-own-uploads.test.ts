import { beforeAll, describe, expect, it } from 'vitest';
import { HEADLINES_API, TALKS_API } from '@lantern/contract';
import { clients } from '../support/client.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { makeGroup, publishPost } from '../support/community-factories.ts';
import { makeSection } from '../support/headlines-factories.ts';
import { makeUploadRecord } from '../support/upload-records.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * Rich text shows only its author's own uploads (docs/product/community.md#rich-text): an image of
 * `/uploads/…` another account uploaded, or one nobody uploaded, is stripped from posts, reviews, talks, a group
 * moderator's official comment and headline drafts; the author's own stays. (Comments are text only: no images.)
 */
const { t } = useTestApp();
let api: ReturnType<typeof clients>['native'];
beforeAll(async () => {
  api = clients(t).native;
});

/** Rich text with three images: the author's own, another account's, and a well-formed key nobody uploaded. */
async function threeImages(author: { id: number }) {
  const other = await makeAccount(t);
  const own = await makeUploadRecord(t, author.id);
  const theirs = await makeUploadRecord(t, other.id);
  const never = `/uploads/u/${author.id}/community/${'0'.repeat(20)}/large.webp`;
  const html = `<p>shots</p><p><img src="${own}" alt="mine"><img src="${theirs}" alt="theirs"><img src="${never}" alt="nobody's"></p>`;
  return { own, theirs, never, html };
}

const srcsOf = (html: string) => [...html.matchAll(/<img\b[^>]*?\bsrc="([^"]*)"/g)].map((m) => m[1]);

describe('images in rich text', () => {
  it('keep only the author\'s own uploads in a post', async () => {
    const author = await makeAccount(t);
    const { group } = await makeGroup(t);
    const { own, html } = await threeImages(author);
    const postId = await publishPost(t, author, group.id, { content: html });
    const page = (await api.get(`/api/posts/${postId}`)).json();
    expect(srcsOf(page.post.content)).toEqual([own]);
    expect(page.post.content).toContain('shots');
  });

  it('keep only the author\'s own uploads in a talk', async () => {
    const author = await makeAccount(t);
    const { own, html } = await threeImages(author);
    const res = await api.post(TALKS_API.talks, { talk: { content: html } }, { token: author.token });
    expect(res.statusCode, res.body).toBe(201);
    expect(srcsOf(res.json().talk.content)).toEqual([own]);
  });

  it('keep only the moderator\'s own uploads in an official comment', async () => {
    const [author, moderator] = [await makeAccount(t), await makeAccount(t, { role: 'group_admin' })];
    const { group } = await makeGroup(t);
    const postId = await publishPost(t, author, group.id);
    const { own, html } = await threeImages(moderator);
    const res = await api.patch(`/api/groups/${group.id}/posts/${postId}`, { post: { official_comment: html } }, { token: moderator.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(srcsOf(res.json().post.official_comment.content)).toEqual([own]);
  });

  it('keep only the editor\'s own uploads in a headline draft', async () => {
    const [editor, section] = [await makeAccount(t, { role: 'editor' }), await makeSection(t)];
    const { own, html } = await threeImages(editor);
    const res = await api.post(HEADLINES_API.drafts, { headline_draft: { section_id: section.id, title: 'Pictures', content: html } }, { token: editor.token });
    expect(res.statusCode, res.body).toBe(201);
    expect(srcsOf(res.json().content)).toEqual([own]);
  });
});
