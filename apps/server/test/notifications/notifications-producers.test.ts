import { describe, expect, it } from 'vitest';
import { MODERATION_API, NOTIFICATIONS_API, PEOPLE_API } from '@lantern/contract';
import { makeAccount } from '../support/catalog-factories.ts';
import { PASSWORD, codeFor, email, phone, signUpByEmail, signUpByPhone, updateAccount } from '../support/factories.ts';
import { makeGroup, publishPost } from '../support/community-factories.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * Each producer of a notification (docs/product/messaging.md#who-is-told), through the user's own action on the
 * API: the right person is told, with the right kind, link and excerpt; nobody is told of their own action,
 * nor of what an account they blocked did. (headline_auth: test/headlines/headlines.test.ts.)
 */
const { t, api } = useTestApp();

type Account = { id: number; token: string };
const as = (who: Account) => ({ token: who.token });
const inbox = async (who: Account, site: 'native' | 'abroad' = 'native') => (await api[site].get(NOTIFICATIONS_API.messages, as(who))).json().messages as Record<string, unknown>[];
const comment = (who: Account, postId: number, body: Record<string, unknown>) =>
  api.native.post('/api/comments', { comment: { commentable_type: 'Post', commentable_id: postId, ...body } }, as(who));
const like = (who: Account, type: string, id: number) => api.native.post('/api/like', { like: { accessible_type: type, accessible_id: id, type: 1 } }, as(who));

async function postBy(author: Account): Promise<number> {
  const { group } = await makeGroup(t);
  return publishPost(t, author, group.id);
}

describe('discussion producers', () => {
  it('a comment tells the post author (comment), a reply tells the comment author (reply), an @mention tells the one named (at)', async () => {
    const [author, commenter, replier, named] = [await makeAccount(t), await makeAccount(t), await makeAccount(t), await makeAccount(t)];
    await updateAccount(t, named.id, { nickname: `named_${named.id}` });
    const post = await postBy(author);
    const first = await comment(commenter, post, { content: 'great post' });
    expect(first.statusCode, first.body).toBe(201);
    expect(await inbox(author)).toEqual([expect.objectContaining({ kind: 'comment', actor: expect.objectContaining({ id: commenter.id }), target_type: 'Post', target_id: post, href: `/posts/${post}`, excerpt: 'great post' })]);

    const reply = await comment(replier, post, { commentary_id: first.json().comment.id, content: `agreed @named_${named.id}` });
    expect(reply.statusCode, reply.body).toBe(201);
    expect((await inbox(commenter)).map((m) => m.kind)).toEqual(['reply']);
    expect(await inbox(named)).toEqual([expect.objectContaining({ kind: 'at', actor: expect.objectContaining({ id: replier.id }), href: `/posts/${post}` })]);
    // The post's author is not told of a reply to someone else's comment; nobody is told of their own comment.
    expect((await inbox(author)).map((m) => m.kind)).toEqual(['comment']);
    await comment(author, post, { content: 'my own' });
    expect(await inbox(author)).toHaveLength(1);
    const me = (await api.native.get('/api/me', as(commenter))).json();
    expect(me.noti_badges).toMatchObject({ total: 1, comment_num: 1 });
  });

  it('likes collapse into one notification for the author while unread', async () => {
    const author = await makeAccount(t);
    const likers = [await makeAccount(t), await makeAccount(t), await makeAccount(t)];
    const post = await postBy(author);
    for (const liker of likers) expect((await like(liker, 'Post', post)).statusCode).toBe(200);
    expect(await like(author, 'Post', post)).toMatchObject({ statusCode: 200 });
    const told = await inbox(author);
    expect(told).toEqual([expect.objectContaining({ kind: 'like', actor_count: 3, target_id: post, actor: expect.objectContaining({ id: likers[2]!.id }) })]);
    const counters = (await api.native.get(NOTIFICATIONS_API.service, as(author))).json().counters;
    expect(counters).toMatchObject({ total: 1, notice_num: 1 });
  });

  it('nobody is told of what an account they blocked did (a like, a follow)', async () => {
    const [author, blocked] = [await makeAccount(t), await makeAccount(t)];
    const post = await postBy(author);
    const block = await api.native.post(PEOPLE_API.blockAdd, { blockAccountId: blocked.id }, as(author));
    expect(block.statusCode, block.body).toBe(200);
    await like(blocked, 'Post', post);
    await api.native.post(PEOPLE_API.friends(author.id), undefined, as(blocked));
    expect(await inbox(author)).toEqual([]);
  });
});

describe('people and staff producers', () => {
  it('a comment held for approval tells nobody; approved, it tells the post author (comment) and its writer (operate, approved)', async () => {
    const [author, writer] = [await makeAccount(t), await makeAccount(t)];
    const staff = await makeAccount(t, { role: 'staff' });
    const word = await api.native.post(MODERATION_API.adminWatchedWords, { watched_word: { word: 'heldbackword', action: 'require_approval' } }, as(staff));
    expect(word.statusCode, word.body).toBe(201);
    const post = await postBy(author);
    const held = await comment(writer, post, { content: 'look: heldbackword' });
    expect(held.statusCode, held.body).toBe(202);
    expect(await inbox(author)).toEqual([]);

    const approved = await api.native.post(MODERATION_API.adminApprove('comment', held.json().comment.id), undefined, as(staff));
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await inbox(author)).toEqual([expect.objectContaining({ kind: 'comment', actor: expect.objectContaining({ id: writer.id }), target_type: 'Post', target_id: post, href: `/posts/${post}` })]);
    expect(await inbox(writer)).toEqual([expect.objectContaining({ kind: 'operate', detail: 'approved', actor: null })]);
  });

  it('a follow tells the followed account once (following again tells nothing)', async () => {
    const [a, b] = [await makeAccount(t), await makeAccount(t)];
    expect((await api.native.post(PEOPLE_API.friends(b.id), undefined, as(a))).statusCode).toBe(200);
    await api.native.post(PEOPLE_API.friends(b.id), undefined, as(a));
    expect(await inbox(b)).toEqual([expect.objectContaining({ kind: 'follow', actor: expect.objectContaining({ id: a.id }), href: `/users/${a.id}` })]);
    expect(await inbox(a)).toEqual([]);
  });

  it('staff hiding reported content tells its author (operate, hidden)', async () => {
    const [author, reporter] = [await makeAccount(t), await makeAccount(t)];
    const staff = await makeAccount(t, { role: 'staff' });
    const post = await postBy(author);
    const report = await api.native.post(MODERATION_API.reports, { report: { target_type: 'post', target_id: post, reason: 'spam' } }, as(reporter));
    expect(report.statusCode, report.body).toBe(201);
    const resolved = await api.native.post(MODERATION_API.adminResolveReport(report.json().report.id), { resolution: { action: 'hide' } }, as(staff));
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await inbox(author)).toEqual([expect.objectContaining({ kind: 'operate', detail: 'hidden', target_type: 'post', target_id: post, actor: null })]);
    expect((await api.native.get(NOTIFICATIONS_API.service, as(author))).json().counters).toMatchObject({ system_num: 1 });
    expect(await inbox(reporter)).toEqual([]);
  });
});

describe('welcome rewards (register_reward)', () => {
  it('binding a first e-mail tells the account of its points once, in its site\'s language; changing it tells nothing', async () => {
    const user = await signUpByPhone(t, api.native);
    const address = email();
    const bound = await api.native.post('/api/me/email', { account: { email: address, code: await codeFor(t, api.native, 'Email', address, 'bind'), password: PASSWORD } }, as(user));
    expect(bound.statusCode, bound.body).toBe(201);
    expect(await inbox(user)).toEqual([expect.objectContaining({ kind: 'register_reward', actor: null, excerpt: '绑定邮箱 +10 积分', href: '/user_center/points', read: false })]);
    expect((await api.native.get(NOTIFICATIONS_API.service, as(user))).json().counters).toMatchObject({ system_num: 1 });
    expect((await api.native.get('/api/me', as(user))).json().badges).toMatchObject({ notifications: 1 });

    const next = email();
    const changed = await api.native.patch('/api/me/email', { account: { email: next, code: await codeFor(t, api.native, 'Email', next, 'bind'), password: PASSWORD } }, as(user));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await inbox(user)).toHaveLength(1);
  });

  it('binding a phone on the international site says so in English; with the kind turned off nothing is told, and the points still come', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const number = phone();
    const bound = await api.abroad.post('/api/me/phone', { account: { phone_number: number, code: await codeFor(t, api.abroad, 'Sms', number, 'bind'), password: PASSWORD } }, as(user));
    expect(bound.statusCode, bound.body).toBe(201);
    expect(await inbox(user, 'abroad')).toEqual([expect.objectContaining({ kind: 'register_reward', excerpt: '+10 points for binding your phone' })]);

    const quiet = await signUpByPhone(t, api.native);
    const off = await api.native.post(NOTIFICATIONS_API.settings, { accounts_notification: { kinds: { register_reward: false } } }, as(quiet));
    expect(off.statusCode, off.body).toBe(200);
    const address = email();
    const rewarded = await api.native.post('/api/me/email', { account: { email: address, code: await codeFor(t, api.native, 'Email', address, 'bind'), password: PASSWORD } }, as(quiet));
    expect(rewarded.json()).toMatchObject({ score: 10 });
    expect(await inbox(quiet)).toEqual([]);
  });
});
