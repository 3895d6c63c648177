import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACTION_LIMITS, CENSOR_MASK, NEW_ACCOUNT_DAYS, WARN_BAN_DAYS } from '@lantern/domain';
import { MODERATION_API } from '@lantern/contract';
import { makeAccount } from '../support/catalog-factories.ts';
import { accounts } from '../../src/modules/accounts/tables.ts';
import { assertMayWrite, muteAccount, registerReportTarget, screenText, unmuteAccount } from '../../src/modules/moderation/index.ts';
import { moderationMutes, moderationReports } from '../../src/modules/moderation/tables.ts';
import { AppError } from '../../src/platform/errors.ts';
import { startSession } from '../../src/modules/accounts/sessions.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp({ env: { COMMUNITY_WRITE_PACE: 'on' } });
let staffAccount: { id: number; token: string };
/** The staff member, with a session started now (tests move the clock past access-token lifetimes). */
const staff = {
  get id() {
    return staffAccount.id;
  },
  token: '',
};
async function freshStaffSession() {
  staff.token = (await startSession(t.deps, t.deps.db, staffAccount.id, 'native')).accessToken;
}

/** A made-up community target, registered as a higher module would: notes in memory, with what staff did to them. */
interface Note { authorId: number; area: 'native' | 'abroad'; summary: string; state: 'shown' | 'hidden' | 'removed'; inTx: boolean }
const notes = new Map<number, Note>();
let nextNote = 1;
function makeNote(authorId: number, area: 'native' | 'abroad' = 'native', summary = 'a note') {
  const id = nextNote++;
  notes.set(id, { authorId, area, summary, state: 'shown', inTx: false });
  return id;
}

beforeAll(async () => {
  staffAccount = await makeAccount(t, { role: 'staff' });
  registerReportTarget('note', {
    async load(_deps, id) {
      const note = notes.get(id);
      return note && note.state !== 'removed' ? { authorId: note.authorId, area: note.area, summary: note.summary } : null;
    },
    async hide(_deps, id, tx) {
      notes.get(id)!.state = 'hidden';
      notes.get(id)!.inTx = tx !== undefined;
    },
    async remove(_deps, id, tx) {
      notes.get(id)!.state = 'removed';
      notes.get(id)!.inTx = tx !== undefined;
    },
  });
});
beforeEach(freshStaffSession);

const DAY_MS = 86_400_000;
const nowSec = () => Math.floor(t.clock.now().getTime() / 1000);

/** An account created `days` ago by the test clock (0: brand new). */
async function account(days = 30) {
  const a = await makeAccount(t);
  await t.deps.db.update(accounts).set({ createdAt: new Date(t.clock.now().getTime() - days * DAY_MS) }).where(eq(accounts.id, a.id));
  return a;
}

/** What assertMayWrite throws, as the client would see it: status, reasons and meta; null when admitted. */
async function guard(accountId: number, action: Parameters<typeof assertMayWrite>[2]) {
  try {
    await assertMayWrite(t.deps, accountId, action);
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.status, errors: error.errors, meta: error.meta };
  }
}

const report = (token: string | undefined, body: Record<string, unknown>) => api.native.post(MODERATION_API.reports, { report: body }, token ? { token } : {});

describe('assertMayWrite: rate limits by account age and standing', () => {
  it(`makes a new account wait ${ACTION_LIMITS.post.new.gapSeconds} s between posts and an old one ${ACTION_LIMITS.post.regular.gapSeconds} s`, async () => {
    const fresh = await account(0);
    const old = await account(NEW_ACCOUNT_DAYS + 1);
    expect(await guard(fresh.id, 'post')).toBeNull();
    expect(await guard(old.id, 'post')).toBeNull();
    t.clock.advance(14);
    expect(await guard(old.id, 'post')).toEqual({ status: 429, errors: { base: ['access_wait'] }, meta: { retry_after: 1 } });
    t.clock.advance(1);
    expect(await guard(old.id, 'post')).toBeNull();
    expect(await guard(fresh.id, 'post')).toEqual({ status: 429, errors: { base: ['access_wait'] }, meta: { retry_after: 105 } });
    t.clock.advance(105);
    expect(await guard(fresh.id, 'post')).toBeNull();
  });

  it('keeps a separate clock per action: a post does not delay a like', async () => {
    const a = await account();
    expect(await guard(a.id, 'post')).toBeNull();
    expect(await guard(a.id, 'like')).toBeNull();
    expect(await guard(a.id, 'comment')).toBeNull();
  });

  it('answers rate_limit once the day budget is spent, and opens again a day after the first', async () => {
    const fresh = await account(0);
    const { perDay, gapSeconds } = ACTION_LIMITS.post.new;
    for (let i = 0; i < perDay; i++) {
      expect(await guard(fresh.id, 'post')).toBeNull();
      t.clock.advance(gapSeconds);
    }
    const refused = await guard(fresh.id, 'post');
    expect(refused).toMatchObject({ status: 429, errors: { base: ['rate_limit'] } });
    expect(refused!.meta!.retry_after).toBe(86_400 - perDay * gapSeconds);
    t.clock.advance(86_400);
    expect(await guard(fresh.id, 'post')).toBeNull();
  });

  it('gives likes the same 50 a day to everyone, without a gap', async () => {
    const a = await account();
    for (let i = 0; i < 50; i++) expect(await guard(a.id, 'like')).toBeNull();
    expect(await guard(a.id, 'like')).toMatchObject({ status: 429, errors: { base: ['rate_limit'] } });
  });

  it('answers 401 for an unknown account', async () => {
    expect(await guard(987_654_321, 'post')).toMatchObject({ status: 401 });
  });
});

describe('mute', () => {
  it('refuses words from a muted account with 403 is_mute and its unmute time, until staff unmute it', async () => {
    const a = await account();
    const res = await api.native.post(MODERATION_API.adminMute(a.id), { mute: { days: 3, reason: 'insults' } }, { token: staff.token });
    expect(res.statusCode, res.body).toBe(200);
    const unmuteAt = nowSec() + 3 * 86_400;
    expect(res.json()).toEqual({ account_id: a.id, is_mute: true, unmute_at_timestamp: unmuteAt });
    for (const action of ['post', 'review', 'comment', 'reply', 'talk', 'headline'] as const) {
      expect(await guard(a.id, action)).toEqual({ status: 403, errors: { base: ['is_mute'] }, meta: { unmute_at_timestamp: unmuteAt } });
    }
    // Liking and reporting stay open to a muted account.
    expect(await guard(a.id, 'like')).toBeNull();
    expect((await api.native.get('/api/me', { token: a.token })).json()).toMatchObject({ is_mute: true, unmute_at_timestamp: unmuteAt });

    const lifted = await api.native.delete(MODERATION_API.adminMute(a.id), { token: staff.token });
    expect(lifted.json()).toEqual({ account_id: a.id, is_mute: false, unmute_at_timestamp: null });
    expect(await guard(a.id, 'post')).toBeNull();
    const log = await t.deps.db.select().from(moderationMutes).where(eq(moderationMutes.accountId, a.id));
    expect(log.map((m) => [m.staffId, m.until === null])).toEqual([[staff.id, false], [staff.id, true]]);
  });

  it('ends by itself when its time has passed', async () => {
    const a = await account();
    await muteAccount(t.deps, a.id, new Date(t.clock.now().getTime() + 60_000), 'cool down', staff.id);
    expect(await guard(a.id, 'comment')).toMatchObject({ status: 403 });
    t.clock.advance(61);
    expect(await guard(a.id, 'comment')).toBeNull();
    await unmuteAccount(t.deps, a.id, 'tidy', staff.id);
  });

  it('is staff work: 401 for guests, 403 for users, 404 for an unknown account, 422 for bad days', async () => {
    const user = await account();
    const body = { mute: { days: 1, reason: 'x' } };
    expect((await api.native.post(MODERATION_API.adminMute(user.id), body)).statusCode).toBe(401);
    expect((await api.native.post(MODERATION_API.adminMute(user.id), body, { token: user.token })).statusCode).toBe(403);
    expect((await api.native.post(MODERATION_API.adminMute(987_654_321), body, { token: staff.token })).statusCode).toBe(404);
    expect((await api.native.post(MODERATION_API.adminMute(user.id), { mute: { days: 0, reason: 'x' } }, { token: staff.token })).statusCode).toBe(422);
    expect((await api.native.delete(MODERATION_API.adminMute(user.id), { token: user.token })).statusCode).toBe(403);
  });
});

describe('watched words', () => {
  const word = (body: Record<string, unknown>) => api.native.post(MODERATION_API.adminWatchedWords, { watched_word: body }, { token: staff.token });

  it('blocks with the silent 422 censor_words banned, censors with ***, and reports require_approval and flag back', async () => {
    for (const w of [
      { word: 'scamlink', action: 'block' }, { word: '外挂群', action: 'block', area: 'native' }, { word: 'darn', action: 'censor' },
      { word: '笨蛋', action: 'censor' }, { word: 'freekeys', action: 'require_approval' }, { word: '代充', action: 'flag' },
    ]) expect((await word(w)).statusCode).toBe(201);

    await expect(screenText(t.deps, ['Visit SCAMLINK now'], 'native')).rejects.toMatchObject({ status: 422, errors: { censor_words: ['banned'] } });
    await expect(screenText(t.deps, ['加入外挂群'], 'native')).rejects.toMatchObject({ status: 422, errors: { censor_words: ['banned'] } });
    // A word of the mainland site only does not block on the international one.
    expect((await screenText(t.deps, ['加入外挂群'], 'abroad')).action).toBe('allow');
    expect(await screenText(t.deps, ['Darn it, 你个笨蛋', 'fine'], 'native')).toEqual({ action: 'censor', texts: [`${CENSOR_MASK} it, 你个${CENSOR_MASK}`, 'fine'], words: ['darn', '笨蛋'] });
    expect(await screenText(t.deps, ['FreeKeys here, darn'], 'abroad')).toMatchObject({ action: 'require_approval', texts: [`FreeKeys here, ${CENSOR_MASK}`] });
    expect(await screenText(t.deps, ['找人代充'], 'native')).toMatchObject({ action: 'flag', texts: ['找人代充'], words: ['代充'] });
    expect(await screenText(t.deps, ['darning socks'], 'native')).toMatchObject({ action: 'allow' });
  });

  it('sees staff changes at once, and lists, edits and deletes words', async () => {
    const created = (await word({ word: 'Grief', action: 'flag' })).json();
    expect(created).toMatchObject({ word: 'Grief', action: 'flag', area: null, created_at_timestamp: expect.any(Number) });
    expect((await screenText(t.deps, ['grief!'], 'native')).action).toBe('flag');
    const edited = await api.native.patch(MODERATION_API.adminWatchedWord(created.id), { watched_word: { action: 'block' } }, { token: staff.token });
    expect(edited.json()).toMatchObject({ action: 'block' });
    await expect(screenText(t.deps, ['grief!'], 'native')).rejects.toMatchObject({ status: 422 });
    expect((await word({ word: 'ＧＲＩＥＦ', action: 'censor' })).json().errors).toEqual({ word: ['taken'] });
    const listed = (await api.native.get(MODERATION_API.adminWatchedWords, { token: staff.token, query: { area: 'abroad' } })).json();
    expect(listed.watched_words.map((w: { word: string }) => w.word)).toContain('Grief');
    expect(listed.watched_words.map((w: { word: string }) => w.word)).not.toContain('外挂群');
    expect(listed.meta).toMatchObject({ page: 1, per: 50 });
    expect((await api.native.delete(MODERATION_API.adminWatchedWord(created.id), { token: staff.token })).statusCode).toBe(204);
    expect((await screenText(t.deps, ['grief!'], 'native')).action).toBe('allow');
    expect((await api.native.delete(MODERATION_API.adminWatchedWord(created.id), { token: staff.token })).statusCode).toBe(404);
  });

  it('refuses blank or invisible-only words, and users', async () => {
    expect((await word({ word: '   ', action: 'block' })).statusCode).toBe(422);
    expect((await word({ word: '\u200B', action: 'block' })).json().errors).toEqual({ word: ['blank'] });
    expect((await word({ word: 'x', action: 'shout' })).statusCode).toBe(422);
    const user = await account();
    expect((await api.native.get(MODERATION_API.adminWatchedWords, { token: user.token })).statusCode).toBe(403);
  });
});

describe('POST /api/reports', () => {
  it('files a report with every reason from the fixed list', async () => {
    const reporter = await account();
    const author = await account();
    for (const reason of ['illegal', 'sexual', 'abuse', 'cheating', 'spam', 'spoiler', 'off_topic', 'other']) {
      const res = await report(reporter.token, { target_type: 'note', target_id: makeNote(author.id), reason, text: ' why ' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().report).toMatchObject({ reason, status: 'open', text: 'why', target_type: 'note' });
    }
    expect((await report(reporter.token, { target_type: 'note', target_id: makeNote(author.id), reason: 'boring' })).json().errors).toEqual({ reason: ['invalid'] });
  });

  it('answers 401 to guests, 404 for an unknown target, 422 for an unknown type or one\'s own content, taken for a second open report', async () => {
    const reporter = await account();
    const author = await account();
    const id = makeNote(author.id);
    expect((await report(undefined, { target_type: 'note', target_id: id, reason: 'spam' })).statusCode).toBe(401);
    expect((await report(reporter.token, { target_type: 'note', target_id: 999_999, reason: 'spam' })).statusCode).toBe(404);
    expect((await report(reporter.token, { target_type: 'planet', target_id: id, reason: 'spam' })).json().errors).toEqual({ target_type: ['invalid'] });
    expect((await report(author.token, { target_type: 'note', target_id: id, reason: 'spam' })).json().errors).toEqual({ target_id: ['invalid'] });
    expect((await report(reporter.token, { target_type: 'note', target_id: id, reason: 'spam' })).statusCode).toBe(201);
    const again = await report(reporter.token, { target_type: 'note', target_id: id, reason: 'abuse' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ target_id: ['taken'] });
    expect((await report(reporter.token, { target_type: 'note', target_id: id, reason: 'spam', text: 'x'.repeat(501) })).statusCode).toBe(422);
  });

  it('counts reports against the day budget (5 for a new account)', async () => {
    const fresh = await account(0);
    const author = await account();
    for (let i = 0; i < ACTION_LIMITS.report.new.perDay; i++) expect((await report(fresh.token, { target_type: 'note', target_id: makeNote(author.id), reason: 'spam' })).statusCode).toBe(201);
    const refused = await report(fresh.token, { target_type: 'note', target_id: makeNote(author.id), reason: 'spam' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ errors: { base: ['rate_limit'] }, meta: { retry_after: expect.any(Number) } });
  });
});

describe('the staff queue', () => {
  const queue = async (status = 'open') => (await api.native.get(MODERATION_API.adminReports, { token: staff.token, query: { status, per: '100' } })).json();
  const resolve = (id: number, resolution: Record<string, unknown>) => api.native.post(MODERATION_API.adminResolveReport(id), { resolution }, { token: staff.token });

  it('orders open reports by severity, then the reporter\'s accuracy, then age; resolving moves accuracy', async () => {
    await t.deps.db.update(moderationReports).set({ status: 'dismissed', resolution: 'dismiss', resolvedAt: t.clock.now() }).where(eq(moderationReports.status, 'open'));
    const author = await account();
    const reliable = await account();
    const doubtful = await account();
    // Track records: the reliable reporter's past report was upheld, the doubtful one's dismissed.
    const past1 = (await report(reliable.token, { target_type: 'note', target_id: makeNote(author.id), reason: 'other' })).json().report.id;
    const past2 = (await report(doubtful.token, { target_type: 'note', target_id: makeNote(author.id), reason: 'other' })).json().report.id;
    expect((await resolve(past1, { action: 'hide' })).statusCode).toBe(200);
    expect((await resolve(past2, { action: 'dismiss' })).statusCode).toBe(200);

    const spamByDoubtful = (await report(doubtful.token, { target_type: 'note', target_id: makeNote(author.id), reason: 'spam' })).json().report.id;
    t.clock.advance(1);
    const spamByReliable = (await report(reliable.token, { target_type: 'note', target_id: makeNote(author.id), reason: 'spam' })).json().report.id;
    t.clock.advance(1);
    const illegal = (await report(doubtful.token, { target_type: 'note', target_id: makeNote(author.id, 'abroad', '违法内容'), reason: 'illegal' })).json().report.id;
    const open = await queue();
    expect(open.reports.map((r: { id: number }) => r.id)).toEqual([illegal, spamByReliable, spamByDoubtful]);
    expect(open.reports[0]).toMatchObject({ severity: 5, area: 'abroad', summary: '违法内容', reporter_id: doubtful.id, target_author_id: author.id, reporter_accuracy: 0.333 });
    expect(open.reports[1].reporter_accuracy).toBe(0.667);
    expect(open.meta).toMatchObject({ total_count: 3, page: 1 });
  });

  it('resolves every report on the target together, applying hide or delete through the registered target, recording who and when', async () => {
    const author = await account();
    const [a, b, c] = [await account(), await account(), await account()];
    const hidden = makeNote(author.id);
    const ids = [];
    for (const r of [a, b]) ids.push((await report(r.token, { target_type: 'note', target_id: hidden, reason: 'abuse' })).json().report.id);
    const res = await resolve(ids[1]!, { action: 'hide', note: 'rude' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ target_type: 'note', target_id: hidden, action: 'hide', resolved_report_ids: ids, unmute_at_timestamp: null });
    expect(notes.get(hidden)).toMatchObject({ state: 'hidden', inTx: true });
    const rows = await t.deps.db.select().from(moderationReports).where(eq(moderationReports.targetId, hidden));
    expect(rows.every((r) => r.status === 'upheld' && r.resolvedBy === staff.id && r.resolvedAt !== null && r.note === 'rude')).toBe(true);
    // Already resolved: nothing is applied twice.
    expect((await resolve(ids[0]!, { action: 'delete' })).json().errors).toEqual({ base: ['state_invalid'] });

    const removed = makeNote(author.id);
    const id = (await report(c.token, { target_type: 'note', target_id: removed, reason: 'spam' })).json().report.id;
    expect((await resolve(id, { action: 'delete' })).statusCode).toBe(200);
    expect(notes.get(removed)).toMatchObject({ state: 'removed', inTx: true });
    // The target is gone: reporting it again is a 404.
    expect((await report(a.token, { target_type: 'note', target_id: removed, reason: 'spam' })).statusCode).toBe(404);
  });

  it('dismisses without touching the target; a new report on it may follow', async () => {
    const author = await account();
    const reporter = await account();
    const note = makeNote(author.id);
    const id = (await report(reporter.token, { target_type: 'note', target_id: note, reason: 'spoiler' })).json().report.id;
    expect((await resolve(id, { action: 'dismiss' })).json()).toMatchObject({ action: 'dismiss', resolved_report_ids: [id] });
    expect(notes.get(note)!.state).toBe('shown');
    expect((await report(reporter.token, { target_type: 'note', target_id: note, reason: 'spoiler' })).statusCode).toBe(201);
  });

  it('mutes the author for N days (hiding the target), and needs the days', async () => {
    const author = await account();
    const reporter = await account();
    const note = makeNote(author.id);
    const id = (await report(reporter.token, { target_type: 'note', target_id: note, reason: 'abuse' })).json().report.id;
    expect((await resolve(id, { action: 'mute' })).json().errors).toEqual({ mute_days: ['blank'] });
    const res = await resolve(id, { action: 'mute', mute_days: 7 });
    expect(res.json()).toMatchObject({ action: 'mute', unmute_at_timestamp: nowSec() + 7 * 86_400 });
    expect(notes.get(note)!.state).toBe('hidden');
    expect(await guard(author.id, 'reply')).toMatchObject({ status: 403, errors: { base: ['is_mute'] } });
    const [log] = await t.deps.db.select().from(moderationMutes).where(eq(moderationMutes.accountId, author.id));
    expect(log).toMatchObject({ reportId: id, staffId: staff.id });
  });

  it(`gives a warn ban (403 banned) for ${WARN_BAN_DAYS} days after three upheld reports within 30 days, and slows the author meanwhile`, async () => {
    const author = await account(400);
    const reporter = await account();
    for (let i = 0; i < 3; i++) {
      const id = (await report(reporter.token, { target_type: 'note', target_id: makeNote(author.id), reason: 'spam' })).json().report.id;
      expect((await resolve(id, { action: 'hide' })).statusCode).toBe(200);
    }
    expect(await guard(author.id, 'post')).toEqual({ status: 403, errors: { base: ['banned'] }, meta: { unmute_at_timestamp: nowSec() + WARN_BAN_DAYS * 86_400 } });
    t.clock.advance(WARN_BAN_DAYS * 86_400);
    // The ban is over, but with upheld reports this month the account writes on the new-account schedule.
    expect(await guard(author.id, 'post')).toBeNull();
    t.clock.advance(ACTION_LIMITS.post.regular.gapSeconds);
    expect(await guard(author.id, 'post')).toMatchObject({ status: 429, errors: { base: ['access_wait'] } });
  });

  it('is staff work, and answers 404 for an unknown report', async () => {
    const user = await account();
    expect((await api.native.get(MODERATION_API.adminReports)).statusCode).toBe(401);
    expect((await api.native.get(MODERATION_API.adminReports, { token: user.token })).statusCode).toBe(403);
    expect((await resolve(987_654_321, { action: 'dismiss' })).statusCode).toBe(404);
    expect((await resolve(987_654_321, { action: 'ban' })).statusCode).toBe(422);
  });
});
