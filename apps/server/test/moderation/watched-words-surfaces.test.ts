import { beforeAll, describe, expect, it } from 'vitest';
import { API, CONVERSATIONS_API, HEADLINES_API, MODERATION_API, TALKS_API } from '@lantern/contract';
import { makeAccount } from '../support/catalog-factories.ts';
import { makeGroup, publishPost } from '../support/community-factories.ts';
import { makeSection } from '../support/headlines-factories.ts';
import { signUpByEmail } from '../support/factories.ts';
import { muteAccount, unmuteAccount } from '../../src/modules/moderation/index.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * Watched words are screened on the text a reader will see, on every surface that publishes a user's words
 * (docs/product/community.md#watched-words, decisions/0031): a word hidden behind a character reference or an
 * empty tag is still found, and what would be held for staff is held where staff have a queue and refused
 * where there is none. A muted account cannot change its public profile text (docs/product/accounts.md#profile-text).
 */
const { t, api } = useTestApp();
type Account = { id: number; token: string };
let staff: Account;
let groupId: number;
let sectionId: number;

/** The review's payloads: a block word behind a decimal reference and behind an empty tag. */
const BLOCKED = ['free-st&#101;am-gift', 'free-st<b></b>eam-gift'];
/** The review's payload for a word that requires approval: 外挂 with its second character as a hex reference. */
const HELD = '外&#x6302;';
const BANNED = { censor_words: ['banned'] };

beforeAll(async () => {
  staff = await makeAccount(t, { role: 'staff' });
  for (const watched of [{ word: 'free-steam-gift', action: 'block' }, { word: '外挂', action: 'require_approval' }, { word: 'darn', action: 'censor' }]) {
    const res = await api.native.post(MODERATION_API.adminWatchedWords, { watched_word: watched }, { token: staff.token });
    expect(res.statusCode, res.body).toBe(201);
  }
  groupId = (await makeGroup(t)).group.id;
  sectionId = (await makeSection(t)).id;
});

const as = (who: Account) => ({ token: who.token });

describe('posts', () => {
  async function publish(author: Account, draft: Record<string, unknown>) {
    const created = await api.native.get(`/api/posts/new?group_id=${groupId}&type=Post`, as(author));
    return api.native.patch(`/api/drafts/${created.json().draft.id}`, { draft: { publish: true, ...draft } }, as(author));
  }

  it('refuses a blocked word behind a reference, an empty tag, or a script the sanitiser drops, in the text or the title', async () => {
    const author = await makeAccount(t);
    for (const words of [...BLOCKED, 'free-st<script>x</script>eam-gift']) {
      const res = await publish(author, { content: `<p>${words}</p>` });
      expect(res.statusCode, words).toBe(422);
      expect(res.json().errors).toEqual(BANNED);
    }
    const titled = await publish(author, { is_long: true, title: BLOCKED[0], content: '<p>a long enough article body</p>' });
    expect(titled.json().errors).toEqual(BANNED);
    expect((await publish(author, { content: '<p>free steam, a gift</p>' })).statusCode).toBe(200);
  });

  it('refuses a review holding a blocked payload and holds one whose word requires approval', async () => {
    const author = await makeAccount(t);
    const review = (content: string) => api.native.post('/api/reviews', { review: { group_id: groupId, content, score: 4 } }, as(author));
    for (const words of BLOCKED) expect((await review(`<p>${words}</p>`)).json().errors, words).toEqual(BANNED);
    const held = await review(`<p>找${HELD}</p>`);
    expect(held.statusCode, held.body).toBe(202);
    expect((await api.native.get(`/api/posts/${held.json().post.id}`, as(await makeAccount(t)))).statusCode).toBe(404);
  });

  it('holds a post whose word requires approval: its author and staff see it pending, nobody else sees it', async () => {
    const [author, reader] = [await makeAccount(t), await makeAccount(t)];
    const held = await publish(author, { content: `<p>卖${HELD}</p>` });
    expect(held.statusCode, held.body).toBe(202);
    const id = held.json().post.id as number;
    expect((await api.native.get(`/api/posts/${id}`, as(author))).json().post.moderation_state).toBe('pending');
    expect((await api.native.get(`/api/posts/${id}`, as(staff))).json().post.moderation_state).toBe('pending');
    expect((await api.native.get(`/api/posts/${id}`, as(reader))).statusCode).toBe(404);
    const listed = (await api.native.get(`/api/search/posts?group_id=${groupId}`, as(reader))).json().posts.map((p: { id: number }) => p.id);
    expect(listed).not.toContain(id);
  });

  it('masks a censor word written with a reference, keeping the markup around it', async () => {
    const author = await makeAccount(t);
    const res = await publish(author, { content: '<p>oh d&#97;<b>rn</b> it</p>' });
    expect(res.statusCode, res.body).toBe(200);
    // The sanitiser writes <b> as <strong>; the tag inside the masked word is kept, so the markup stays balanced.
    expect(res.json().post.content).toBe('<p>oh ***<strong></strong> it</p>');
  });
});

describe('comments and replies', () => {
  const comment = (who: Account, post: number, content: string, commentaryId?: number) =>
    api.native.post('/api/comments', { comment: { commentable_type: 'Post', commentable_id: post, content, ...(commentaryId && { commentary_id: commentaryId }) } }, as(who));

  it('refuses the blocked payloads in a comment and a reply, and a word split by a script the sanitiser drops', async () => {
    const [author, writer] = [await makeAccount(t), await makeAccount(t)];
    const post = await publishPost(t, author, groupId);
    const first = await comment(writer, post, 'a clean comment');
    expect(first.statusCode, first.body).toBe(201);
    for (const words of [...BLOCKED, 'free-st<script>x</script>eam-gift']) {
      expect((await comment(writer, post, words)).json().errors, words).toEqual(BANNED);
      expect((await comment(writer, post, words, first.json().comment.id)).json().errors, words).toEqual(BANNED);
    }
  });

  it('holds a comment whose word requires approval: answered 202 pending, in no list another reader sees', async () => {
    const [author, writer, reader] = [await makeAccount(t), await makeAccount(t), await makeAccount(t)];
    const post = await publishPost(t, author, groupId);
    const held = await comment(writer, post, `有${HELD}吗`);
    expect(held.statusCode, held.body).toBe(202);
    expect(held.json().comment.moderation_state).toBe('pending');
    const list = (await api.native.get('/api/comments', { query: { commentable_type: 'Post', commentable_id: String(post) }, ...as(reader) })).json();
    expect(list.comments).toEqual([]);
    const queue = (await api.native.get(MODERATION_API.adminApprovals, { query: { area: 'native' }, ...as(staff) })).json();
    expect(JSON.stringify(queue)).toContain(String(held.json().comment.id));
  });
});

describe('talks', () => {
  const talk = (who: Account, content: string) => api.native.post(TALKS_API.talks, { talk: { content } }, as(who));

  it('refuses the blocked payloads, and refuses what would be held, since talks have no approval queue', async () => {
    const writer = await makeAccount(t);
    for (const words of [...BLOCKED, HELD]) {
      const res = await talk(writer, `<p>${words}</p>`);
      expect(res.statusCode, words).toBe(422);
      expect(res.json().errors).toEqual(BANNED);
    }
    expect((await talk(writer, '<p>a clean talk</p>')).statusCode).toBe(201);
  });
});

describe('private messages', () => {
  const send = (from: Account, to: Account, content: string) => api.native.post(CONVERSATIONS_API.privateMessages, { target_id: to.id, private_message: { content } }, as(from));

  it('screens them now: the blocked payloads and what would be held are refused; censor words are masked', async () => {
    const [sender, recipient] = [await makeAccount(t), await makeAccount(t)];
    for (const words of [...BLOCKED, HELD]) {
      const res = await send(sender, recipient, `hey ${words}`);
      expect(res.statusCode, words).toBe(422);
      expect(res.json().errors).toEqual(BANNED);
    }
    const masked = await send(sender, recipient, 'oh D\u200Barn');
    expect(masked.statusCode, masked.body).toBe(201);
    expect(masked.json().private_message.content).toBe('oh ***');
    // The recipient holds exactly the one message let through, masked.
    const history = (await api.native.get(CONVERSATIONS_API.conversation(masked.json().conversation_id), as(recipient))).json();
    expect(history.private_messages.map((m: { content: string }) => m.content)).toEqual(['oh ***']);
  });
});

describe('profile text', () => {
  const patch = (who: Account, account: Record<string, unknown>) => api.native.patch(API.me, { account }, as(who));

  it('refuses a nickname holding a blocked, held or censored word, however it is written', async () => {
    const user = await makeAccount(t);
    // A nickname is 20 characters at most, checked first: the tag payload is written with one tag to fit.
    for (const nickname of [BLOCKED[0]!, 'free-st<i>eam-gift', HELD, 'D&#97;rn']) {
      const res = await patch(user, { nickname });
      expect(res.statusCode, nickname).toBe(422);
      expect(res.json().errors, nickname).toEqual(BANNED);
    }
    expect((await patch(user, { nickname: 'Steady Reader' })).json().nickname).toBe('Steady Reader');
  });

  it('refuses an introduction with a blocked or held word and masks a censor word', async () => {
    const user = await makeAccount(t);
    for (const introduction of [...BLOCKED, HELD]) {
      expect((await patch(user, { introduction })).json().errors, introduction).toEqual(BANNED);
    }
    const masked = await patch(user, { introduction: 'I play a <i>darn</i> lot' });
    expect(masked.statusCode, masked.body).toBe(200);
    expect(masked.json().introduction).toBe('I play a <i>***</i> lot');
  });

  it('screens the nickname chosen at sign-up', async () => {
    await expect(signUpByEmail(t, api.native, { nickname: BLOCKED[0] })).rejects.toThrow(/censor_words/);
    const { id } = await signUpByEmail(t, api.native, { nickname: 'Fresh Face' });
    expect(id).toBeGreaterThan(0);
  });

  it('refuses a muted account any change of its public profile text, while its other settings still save', async () => {
    const user = await makeAccount(t);
    expect((await patch(user, { nickname: 'Before Mute', introduction: 'hello' })).statusCode).toBe(200);
    const until = new Date(t.clock.now().getTime() + 3 * 86_400_000);
    await muteAccount(t.deps, user.id, until, 'spam', null);
    const meta = { unmute_at_timestamp: Math.floor(until.getTime() / 1000) };
    for (const change of [{ nickname: 'After Mute' }, { introduction: 'buy my stuff' }, { nickname: 'Before Mute', introduction: 'changed' }]) {
      const res = await patch(user, change);
      expect(res.statusCode, JSON.stringify(change)).toBe(403);
      expect(res.json()).toMatchObject({ errors: { base: ['is_mute'] }, meta });
    }
    // The profile form sends the unchanged nickname and introduction with the settings: those still save.
    const settings = await patch(user, { nickname: 'Before Mute', introduction: 'hello', gender: 'female', birthday: '1990-05-06', show_steam_review: false, water_mark: false });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json()).toMatchObject({ nickname: 'Before Mute', introduction: 'hello', gender: 'female', birthday: '1990-05-06', show_steam_review: false });
    await unmuteAccount(t.deps, user.id, 'served', staff.id);
    expect((await patch(user, { nickname: 'After Mute' })).json().nickname).toBe('After Mute');
  });
});

describe('headline drafts', () => {
  const submit = (editor: Account, fields: Record<string, unknown>) =>
    api.native.post(HEADLINES_API.drafts, { headline_draft: { section_id: sectionId, title: 'Patch notes', content: '<p>What changed</p>', submit: true, ...fields } }, as(editor));

  it('refuses submitting the blocked payloads in the title, summary or body; a draft only saved keeps them for its author', async () => {
    const editor = await makeAccount(t, { role: 'editor' });
    for (const words of BLOCKED) {
      for (const field of [{ title: words }, { summary: words }, { content: `<p>${words}</p>` }]) {
        const res = await submit(editor, field);
        expect(res.statusCode, JSON.stringify(field)).toBe(422);
        expect(res.json().errors).toEqual(BANNED);
      }
    }
    const saved = await submit(editor, { title: BLOCKED[0], submit: false });
    expect(saved.statusCode, saved.body).toBe(201);
    const resubmitted = await api.native.patch(HEADLINES_API.draft(saved.json().id), { headline_draft: { submit: true } }, as(editor));
    expect(resubmitted.json().errors).toEqual(BANNED);
  });

  it('holds a draft whose word requires approval for staff: submitted, not published, masked where censored', async () => {
    const editor = await makeAccount(t, { role: 'editor' });
    const held = await submit(editor, { title: `关于${HELD}`, summary: 'darn it' });
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json()).toMatchObject({ status: 'submitted', headline_id: null, summary: '*** it' });
    const articles = (await api.native.get(HEADLINES_API.headlines)).json().headlines.map((h: { title: string }) => h.title);
    expect(articles).not.toContain(`关于${HELD}`);
    const queue = (await api.native.get(HEADLINES_API.staffDrafts, as(staff))).json();
    expect(JSON.stringify(queue)).toContain(String(held.json().id));
  });
});
