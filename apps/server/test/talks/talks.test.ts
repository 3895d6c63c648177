import { describe, expect, it } from 'vitest';
import { MODERATION_API, PEOPLE_API, TALKS_API } from '@lantern/contract';
import { TALK_MAX_LENGTH } from '@lantern/domain';
import { makeAccount } from '../support/catalog-factories.ts';
import { makeGroup } from '../support/community-factories.ts';
import { makeUploadRecord } from '../support/upload-records.ts';
import { muteAccount } from '../../src/modules/moderation/index.ts';
import { useTestApp } from '../support/test-app.ts';

/** Talks: write, read, forward, delete, comment, the feed and recommendations (docs/product/people.md#talks). */
const { t, api } = useTestApp();

type Account = { id: number; token: string };
const write = (who: Account, content: string, extra: Record<string, unknown> = {}, area: 'native' | 'abroad' = 'native') =>
  api[area].post(TALKS_API.talks, { talk: { content, ...extra } }, { token: who.token });
const talkOf = async (who: Account, content: string, extra: Record<string, unknown> = {}) => {
  const res = await write(who, content, extra);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().talk.id as number;
};
const list = (query: Record<string, string>, who?: Account) => api.native.get(TALKS_API.talks, { query, ...(who && { token: who.token }) });
const ids = (res: { json(): { talks: { id: number }[] } }) => res.json().talks.map((x) => x.id);

describe('writing and reading talks', () => {
  it('writes a talk (sanitised), shows it on both sites, and lists one person\'s talks newest first', async () => {
    const a = await makeAccount(t);
    const res = await write(a, '<p>hello <script>alert(1)</script><b>world</b></p>');
    expect(res.statusCode, res.body).toBe(201);
    const talk = res.json().talk;
    expect(talk).toMatchObject({ account: { id: a.id }, like_count: 0, comment_count: 0, forward_count: 0, target_action: null, forward: null, own: true });
    expect(talk.content).not.toContain('script');
    expect(talk.content).toContain('world');
    const second = await talkOf(a, 'second');
    expect(ids(await list({ 'q[account_id_eq]': String(a.id) }))).toEqual([second, talk.id]);
    const abroad = await api.abroad.get(TALKS_API.talk(talk.id));
    expect(abroad.statusCode).toBe(200);
    expect(abroad.json().talk.own).toBe(false);
  });

  it('refuses a guest (401), blank or long words (422), a missing group (404), and a muted writer (403 is_mute)', async () => {
    const a = await makeAccount(t);
    expect((await api.native.post(TALKS_API.talks, { talk: { content: 'hi' } })).statusCode).toBe(401);
    expect((await write(a, '  <p> </p> ')).json().errors).toEqual({ content: ['blank'] });
    expect((await write(a, 'x'.repeat(TALK_MAX_LENGTH + 1))).json().errors).toEqual({ content: ['too_long'] });
    expect((await write(a, 'in a group', { group_id: 987_654_321 })).statusCode).toBe(404);
    await muteAccount(t.deps, a.id, new Date(t.clock.now().getTime() + 3_600_000), 'spam', null);
    const muted = await write(a, 'muted');
    expect(muted.statusCode).toBe(403);
    expect(muted.json().errors).toEqual({ base: ['is_mute'] });
  });

  it('pages by keyset: next_before_id leads to the next page, and the last page says null', async () => {
    const a = await makeAccount(t);
    const written = [];
    for (let i = 0; i < 5; i += 1) written.push(await talkOf(a, `talk ${i}`));
    const first = await list({ 'q[account_id_eq]': String(a.id), per: '3' });
    expect(ids(first)).toEqual(written.slice(2).reverse());
    expect(first.json().meta).toEqual({ per: 3, next_before_id: written[2] });
    const second = await list({ 'q[account_id_eq]': String(a.id), per: '3', before_id: String(written[2]) });
    expect(ids(second)).toEqual(written.slice(0, 2).reverse());
    expect(second.json().meta.next_before_id).toBeNull();
  });

  it('deletes only one\'s own talk (403 otherwise), then answers 404', async () => {
    const [a, b] = [await makeAccount(t), await makeAccount(t)];
    const id = await talkOf(a, 'to delete');
    expect((await api.native.delete(TALKS_API.talk(id), { token: b.token })).statusCode).toBe(403);
    expect((await api.native.delete(TALKS_API.talk(id), { token: a.token })).statusCode).toBe(204);
    expect((await api.native.get(TALKS_API.talk(id))).statusCode).toBe(404);
    expect((await api.native.delete(TALKS_API.talk(id), { token: a.token })).statusCode).toBe(404);
  });
});

describe('forwards', () => {
  it('forwards a talk with or without words, counts it on the original, forwards a forward\'s original, and gives the count back on delete', async () => {
    const [a, b, c] = [await makeAccount(t), await makeAccount(t), await makeAccount(t)];
    const original = await talkOf(a, 'worth sharing');
    const byB = await api.native.post(TALKS_API.forwards(original), undefined, { token: b.token });
    expect(byB.statusCode, byB.body).toBe(201);
    expect(byB.json().talk).toMatchObject({ target_action: 'share', forward: { id: original, deleted: false, account: { id: a.id } } });
    const byC = await api.native.post(TALKS_API.forwards(byB.json().talk.id), { talk: { content: 'me too' } }, { token: c.token });
    expect(byC.json().talk.forward.id).toBe(original);
    expect((await api.native.get(TALKS_API.talk(original))).json().talk.forward_count).toBe(2);
    await api.native.delete(TALKS_API.talk(byC.json().talk.id), { token: c.token });
    expect((await api.native.get(TALKS_API.talk(original))).json().talk.forward_count).toBe(1);
    await api.native.delete(TALKS_API.talk(original), { token: a.token });
    expect((await api.native.get(TALKS_API.talk(byB.json().talk.id))).json().talk.forward).toMatchObject({ deleted: true, content: '', account: null });
    expect((await api.native.post(TALKS_API.forwards(original), undefined, { token: c.token })).statusCode).toBe(404);
    expect((await api.native.post(TALKS_API.forwards(original))).statusCode).toBe(401);
  });
});

describe('comments on talks', () => {
  it('takes comments through the discussion module, ten a page, and counts them on the talk', async () => {
    const [a, b] = [await makeAccount(t), await makeAccount(t)];
    const id = await talkOf(a, 'comment on me');
    for (let i = 0; i < 11; i += 1) {
      const res = await api.native.post('/api/comments', { comment: { commentable_type: 'Talk', commentable_id: id, content: `c${i}` } }, { token: b.token });
      expect(res.statusCode, res.body).toBe(201);
    }
    const page = await api.native.get('/api/comments', { query: { commentable_type: 'Talk', commentable_id: String(id) } });
    expect(page.json().comments).toHaveLength(10);
    expect(page.json().meta).toMatchObject({ total_count: 11, per: 10 });
    expect((await api.native.get(TALKS_API.talk(id))).json().talk.comment_count).toBe(11);
  });
});

describe('the feed', () => {
  it('shows the talks of the people one follows, of one\'s groups and one\'s own, and nobody else\'s; guests 401', async () => {
    const [reader, followed, stranger, member] = [await makeAccount(t), await makeAccount(t), await makeAccount(t), await makeAccount(t)];
    const { group } = await makeGroup(t);
    expect((await api.native.post(`/api/groups/${group.id}/join`, undefined, { token: reader.token })).statusCode).toBe(200);
    expect((await api.native.post(PEOPLE_API.friends(followed.id), undefined, { token: reader.token })).statusCode).toBe(200);
    const fromFollowed = await talkOf(followed, 'followed one');
    await talkOf(stranger, 'a stranger');
    const inGroup = await talkOf(member, 'in the group', { group_id: group.id });
    const own = await talkOf(reader, 'my own');
    expect(ids(await list({ feed: 'following' }, reader))).toEqual([own, inGroup, fromFollowed]);
    expect((await list({ feed: 'following' })).statusCode).toBe(401);
  });

  it('leaves out what the accounts the reader blocked wrote, in the feed\'s groups and everyone\'s list', async () => {
    const [reader, blocked] = [await makeAccount(t), await makeAccount(t)];
    const { group } = await makeGroup(t);
    await api.native.post(`/api/groups/${group.id}/join`, undefined, { token: reader.token });
    const hidden = await talkOf(blocked, 'from the blocked', { group_id: group.id });
    expect(ids(await list({ feed: 'following' }, reader))).toContain(hidden);
    await api.native.post(PEOPLE_API.blockAdd, { blockAccountId: blocked.id }, { token: reader.token });
    expect(ids(await list({ feed: 'following' }, reader))).not.toContain(hidden);
    expect(ids(await list({ 'q[group_id_eq]': String(group.id) }, reader))).not.toContain(hidden);
    expect(ids(await list({ 'q[group_id_eq]': String(group.id) }))).toContain(hidden);
    // The blocked cannot forward the blocker's talk, nor mention them in one.
    const readers = await talkOf(reader, 'mine');
    const refused = await api.native.post(TALKS_API.forwards(readers), undefined, { token: blocked.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual({ account_id: ['block_listed'] });
    const mention = await write(blocked, `<p><a href="/users/${reader.id}" data-mention="${reader.id}">@reader</a></p>`);
    expect(mention.statusCode).toBe(403);
  });

  it('keeps the words of a blocked author out of others\' forwards for the blocker (lists, the feed, recommended, the forward\'s page), for them only, until unblocked', async () => {
    const [blocker, blocked, forwarder, third] = [await makeAccount(t), await makeAccount(t), await makeAccount(t), await makeAccount(t)];
    const words = 'words the blocker chose not to see';
    const picture = await makeUploadRecord(t, blocked.id);
    const original = await talkOf(blocked, `<p>${words}</p><p><img src="${picture}"></p>`);
    const res = await api.native.post(TALKS_API.forwards(original), { talk: { content: 'look at this' } }, { token: forwarder.token });
    expect(res.statusCode, res.body).toBe(201);
    const forward = res.json().talk.id as number;
    expect((await api.native.post(PEOPLE_API.friends(forwarder.id), undefined, { token: blocker.token })).statusCode).toBe(200);
    await api.native.post(PEOPLE_API.blockAdd, { blockAccountId: blocked.id }, { token: blocker.token });

    const hidden = { id: original, deleted: false, content: '', account: { id: blocked.id }, author_blocked: true };
    const everyones = await list({}, blocker);
    const feed = await list({ feed: 'following' }, blocker);
    const page = await api.native.get(TALKS_API.talk(forward), { token: blocker.token });
    const recommended = await api.native.get(TALKS_API.recommend, { query: { per: '50' }, token: blocker.token });
    for (const answer of [everyones, feed, recommended]) {
      expect(ids(answer)).not.toContain(original);
      expect(answer.json().talks.find((x: { id: number }) => x.id === forward)).toMatchObject({ content: 'look at this', forward: hidden });
    }
    expect(page.json()).toMatchObject({ talk: { id: forward, forward: hidden }, author_blocked: false });
    // Nothing of the original's words or images is in what the blocker is sent.
    for (const answer of [everyones, feed, page, recommended]) {
      expect(answer.body).not.toContain(words);
      expect(answer.body).not.toContain(picture);
    }

    // Everyone else, guests too, reads the original inside the forward.
    for (const who of [third, forwarder, undefined]) {
      const seen = await api.native.get(TALKS_API.talk(forward), who && { token: who.token });
      expect(seen.json().talk.forward).toMatchObject({ id: original, author_blocked: false });
      expect(seen.json().talk.forward.content).toContain(words);
      expect(seen.json().talk.forward.content).toContain(picture);
    }

    expect((await api.native.post(PEOPLE_API.blockDelete, { blockAccountId: blocked.id }, { token: blocker.token })).statusCode).toBe(200);
    const after = (await api.native.get(TALKS_API.talk(forward), { token: blocker.token })).json().talk.forward;
    expect(after).toMatchObject({ author_blocked: false, account: { id: blocked.id } });
    expect(after.content).toContain(words);
  });

  it('still opens by a direct link both ways: the blocker reads the blocked one\'s talk (marked for the notice), the blocked reads but cannot comment', async () => {
    const [blocker, blocked] = [await makeAccount(t), await makeAccount(t)];
    const theirs = await talkOf(blocked, 'a talk by the blocked');
    const mine = await talkOf(blocker, 'a talk by the blocker');
    await api.native.post(PEOPLE_API.blockAdd, { blockAccountId: blocked.id }, { token: blocker.token });

    const opened = await api.native.get(TALKS_API.talk(theirs), { token: blocker.token });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ talk: { id: theirs, account: { id: blocked.id } }, author_blocked: true });
    const read = await api.native.get(TALKS_API.talk(mine), { token: blocked.token });
    expect(read.statusCode).toBe(200);
    expect(read.json().author_blocked).toBe(false);
    const commented = await api.native.post('/api/comments', { comment: { commentable_type: 'Talk', commentable_id: mine, content: 'hello' } }, { token: blocked.token });
    expect(commented.statusCode).toBe(403);
    expect(commented.json().errors).toEqual({ account_id: ['block_listed'] });
    // The blocker may still answer on the blocked one's talk: the block protects, it does not silence.
    const answered = await api.native.post('/api/comments', { comment: { commentable_type: 'Talk', commentable_id: theirs, content: 'still mine to say' } }, { token: blocker.token });
    expect(answered.statusCode, answered.body).toBe(201);
  });
});

describe('recommended talks', () => {
  it('ranks a forwarded talk above a newer quiet one', async () => {
    const [a, b, c] = [await makeAccount(t), await makeAccount(t), await makeAccount(t)];
    const popular = await talkOf(a, 'popular');
    const quiet = await talkOf(a, 'quiet');
    await api.native.post(TALKS_API.forwards(popular), undefined, { token: b.token });
    await api.native.post(TALKS_API.forwards(popular), undefined, { token: c.token });
    const res = await api.native.get(TALKS_API.recommend);
    expect(res.statusCode).toBe(200);
    const order = (await api.native.get(TALKS_API.recommend, { query: { per: '50' } })).json().talks.map((x: { id: number }) => x.id);
    expect(order.indexOf(popular)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(popular)).toBeLessThan(order.indexOf(quiet));
    expect(res.json().meta).toMatchObject({ page: 1, per: 10 });
  });
});

describe('reports on talks', () => {
  it('takes a report on a talk; staff hide it (gone from lists and its page), and unhide it', async () => {
    const [author, reporter] = [await makeAccount(t), await makeAccount(t)];
    const staff = await makeAccount(t, { role: 'staff' });
    const id = await talkOf(author, 'reported talk');
    const filed = await api.native.post(MODERATION_API.reports, { report: { target_type: 'talk', target_id: id, reason: 'spam' } }, { token: reporter.token });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json().report).toMatchObject({ target_type: 'talk', target_id: id });
    const resolved = await api.native.post(MODERATION_API.adminResolveReport(filed.json().report.id), { resolution: { action: 'hide' } }, { token: staff.token });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect((await api.native.get(TALKS_API.talk(id))).statusCode).toBe(404);
    expect(ids(await list({ 'q[account_id_eq]': String(author.id) }))).not.toContain(id);
    const back = await api.native.post(MODERATION_API.adminUnhide('talk', id), undefined, { token: staff.token });
    expect(back.statusCode, back.body).toBe(200);
    expect((await api.native.get(TALKS_API.talk(id))).statusCode).toBe(200);
  });

  it('reports a talk with a flagged word to staff on publishing', async () => {
    const [author, staff] = [await makeAccount(t), await makeAccount(t, { role: 'admin' })];
    const word = `flagword${Date.now().toString(36)}`;
    const made = await api.native.post(MODERATION_API.adminWatchedWords, { watched_word: { word, action: 'flag', area: null } }, { token: staff.token });
    expect(made.statusCode, made.body).toBeLessThan(300);
    const id = await talkOf(author, `this has ${word} in it`);
    const queue = await api.native.get(MODERATION_API.adminReports, { token: staff.token });
    expect(queue.json().reports.some((r: { target_type: string; target_id: number }) => r.target_type === 'talk' && r.target_id === id)).toBe(true);
  });
});
