import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { COMMUNITY_API, MODERATION_API } from '@lantern/contract';
import { clients } from '../support/client.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { makeGroup, publishPost } from '../support/community-factories.ts';
import { auditLog } from '../../src/platform/db/platform-tables.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * Per-group moderators (docs/product/community.md#group-moderators; decisions/0043): staff appoint them; in their
 * groups they pin, lock, write the official reply, hide, restore and delete, and work the reports; in any other
 * group every one of those calls is 403. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
const { t } = useTestApp();
let api: ReturnType<typeof clients>['native'];
type Account = { id: number; token: string };
let staff: Account;
let moderator: Account;
let secondModerator: Account;
let author: Account;
let groupA: number;
let groupB: number;

beforeAll(async () => {
  api = clients(t).native;
  staff = await makeAccount(t, { role: 'staff' });
  moderator = await makeAccount(t);
  secondModerator = await makeAccount(t);
  author = await makeAccount(t);
  groupA = (await makeGroup(t)).group.id;
  groupB = (await makeGroup(t)).group.id;
  for (const who of [moderator, secondModerator]) {
    const appointed = await api.post(COMMUNITY_API.adminGroupModerators(groupA), { moderator: { account_id: who.id } }, { token: staff.token });
    expect(appointed.statusCode, appointed.body).toBe(200);
  }
});

const as = (who: Account) => ({ token: who.token });
const post = (groupId: number) => publishPost(t, author, groupId, { content: '<p>Buy gold at my shop</p>' });
async function comment(postId: number) {
  const res = await api.post('/api/comments', { comment: { commentable_type: 'Post', commentable_id: postId, content: 'cheap gold here' } }, as(await makeAccount(t)));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().comment.id as number;
}
async function report(target_type: string, target_id: number) {
  const res = await api.post(MODERATION_API.reports, { report: { target_type, target_id, reason: 'spam' } }, as(await makeAccount(t)));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().report.id as number;
}
const queueOf = async (who: Account, status = 'open') =>
  (await api.get(`${MODERATION_API.adminReports}?status=${status}&per=100`, as(who))).json().reports as { id: number; target_type: string; target_id: number; group_id: number | null; path: string | null }[];

describe('appointing moderators', () => {
  it('is staff work, recorded in the audit log, shown on the group page and in the moderator\'s own account', async () => {
    const group = (await api.get(COMMUNITY_API.group(groupA))).json();
    expect(group.moderators.map((m: { id: number }) => m.id)).toEqual([moderator.id, secondModerator.id]);
    expect((await api.get(COMMUNITY_API.group(groupB))).json().moderators).toEqual([]);
    expect((await api.get('/api/me', as(moderator))).json().moderated_group_ids).toEqual([groupA]);
    expect((await api.get('/api/me', as(author))).json().moderated_group_ids).toEqual([]);
    // A moderator cannot appoint anyone, nor can a guest; an unknown account is refused.
    expect((await api.post(COMMUNITY_API.adminGroupModerators(groupA), { moderator: { account_id: author.id } }, as(moderator))).statusCode).toBe(403);
    expect((await api.post(COMMUNITY_API.adminGroupModerators(groupA), { moderator: { account_id: author.id } })).statusCode).toBe(401);
    expect((await api.post(COMMUNITY_API.adminGroupModerators(groupA), { moderator: { account_id: 99_999_999 } }, as(staff))).statusCode).toBe(422);
    expect((await api.post(COMMUNITY_API.adminGroupModerators(99_999_999), { moderator: { account_id: author.id } }, as(staff))).statusCode).toBe(404);
    // An audit row is written after its answer went out: wait for it.
    await expect.poll(async () => (await t.deps.db.select().from(auditLog).where(and(eq(auditLog.accountId, staff.id), eq(auditLog.route, '/api/admin/groups/:id/moderators')))).length).toBeGreaterThanOrEqual(2);
  });

  it('removes a moderator, after which their calls in the group are 403', async () => {
    const temp = await makeAccount(t);
    await api.post(COMMUNITY_API.adminGroupModerators(groupB), { moderator: { account_id: temp.id } }, as(staff));
    const p = await post(groupB);
    expect((await api.patch(COMMUNITY_API.groupPost(groupB, p), { post: { locked: true } }, as(temp))).statusCode).toBe(200);
    const removed = await api.delete(COMMUNITY_API.adminGroupModerator(groupB, temp.id), as(staff));
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().moderators).toEqual([]);
    expect((await api.patch(COMMUNITY_API.groupPost(groupB, p), { post: { locked: false } }, as(temp))).statusCode).toBe(403);
    expect((await api.get(MODERATION_API.adminReports, as(temp))).statusCode).toBe(403);
  });
});

describe('what a moderator may do, in their group and out of it', () => {
  it('pins, unpins, locks, unlocks and writes the official reply in their group only', async () => {
    const [inA, inB] = [await post(groupA), await post(groupB)];
    for (const change of [{ sticky_sequence: 1 }, { sticky_sequence: 0 }, { locked: true }, { locked: false }, { official_comment: '<p>Thanks, we are on it.</p>' }]) {
      const ok = await api.patch(COMMUNITY_API.groupPost(groupA, inA), { post: change }, as(moderator));
      expect(ok.statusCode, `${JSON.stringify(change)} ${ok.body}`).toBe(200);
      expect((await api.patch(COMMUNITY_API.groupPost(groupB, inB), { post: change }, as(moderator))).statusCode).toBe(403);
    }
    expect((await api.get(COMMUNITY_API.post(inA))).json().post.official_comment.author_id).toBe(moderator.id);
    // Featuring (across groups) and moving to another group stay with the all-groups permission.
    expect((await api.patch(COMMUNITY_API.groupPost(groupA, inA), { post: { featured: true } }, as(moderator))).statusCode).toBe(403);
    expect((await api.patch(COMMUNITY_API.groupPost(groupA, inA), { post: { group_id: groupB } }, as(moderator))).statusCode).toBe(403);
  });

  it('hides a post in their group, still reads it to restore it, and restores it; 403 for the other group', async () => {
    const [inA, inB] = [await post(groupA), await post(groupB)];
    expect((await api.post(MODERATION_API.adminHideContent('post', inB), undefined, as(moderator))).statusCode).toBe(403);
    const hidden = await api.post(MODERATION_API.adminHideContent('post', inA), undefined, as(moderator));
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await api.get(COMMUNITY_API.post(inA))).statusCode).toBe(404);
    expect((await api.get(COMMUNITY_API.post(inA), as(moderator))).json().post.moderation_state).toBe('hidden');
    // Hidden by staff in the other group: neither readable nor restorable by this moderator.
    expect((await api.post(MODERATION_API.adminHideContent('post', inB), undefined, as(staff))).statusCode).toBe(200);
    expect((await api.get(COMMUNITY_API.post(inB), as(moderator))).statusCode).toBe(404);
    expect((await api.post(MODERATION_API.adminUnhide('post', inB), undefined, as(moderator))).statusCode).toBe(403);
    const restored = await api.post(MODERATION_API.adminUnhide('post', inA), undefined, as(moderator));
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await api.get(COMMUNITY_API.post(inA))).statusCode).toBe(200);
  });

  it('deletes a published post and a comment in their group; 403 on the other group\'s', async () => {
    const [inA, inB] = [await post(groupA), await post(groupB)];
    const [commentA, commentB] = [await comment(inA), await comment(inB)];
    expect((await api.post(MODERATION_API.adminDeleteContent('comment', commentB), undefined, as(moderator))).statusCode).toBe(403);
    expect((await api.post(MODERATION_API.adminHideContent('comment', commentB), undefined, as(moderator))).statusCode).toBe(403);
    expect((await api.post(MODERATION_API.adminDeleteContent('post', inB), undefined, as(moderator))).statusCode).toBe(403);
    expect((await api.post(MODERATION_API.adminHideContent('comment', commentA), undefined, as(moderator))).statusCode).toBe(200);
    expect((await api.post(MODERATION_API.adminUnhide('comment', commentA), undefined, as(moderator))).statusCode).toBe(200);
    expect((await api.post(MODERATION_API.adminDeleteContent('comment', commentA), undefined, as(moderator))).statusCode).toBe(200);
    expect((await api.post(MODERATION_API.adminDeleteContent('post', inA), undefined, as(moderator))).statusCode).toBe(200);
    expect((await api.get(COMMUNITY_API.post(inA), as(moderator))).statusCode).toBe(404);
    expect((await api.get(COMMUNITY_API.post(inB))).statusCode).toBe(200);
  });

  it('never mutes (a site-wide mute is staff\'s), and a reader who moderates nothing gets 403 everywhere', async () => {
    expect((await api.post(MODERATION_API.adminMute(author.id), { mute: { days: 1, reason: 'spam' } }, as(moderator))).statusCode).toBe(403);
    const reader = await makeAccount(t);
    const inA = await post(groupA);
    expect((await api.get(MODERATION_API.adminReports, as(reader))).statusCode).toBe(403);
    expect((await api.post(MODERATION_API.adminHideContent('post', inA), undefined, as(reader))).statusCode).toBe(403);
    expect((await api.patch(COMMUNITY_API.groupPost(groupA, inA), { post: { locked: true } }, as(reader))).statusCode).toBe(403);
    expect((await api.get(MODERATION_API.adminReports)).statusCode).toBe(401);
  });
});

describe('the report queue of a group moderator', () => {
  it('lists only reports about their groups, links a comment to its place, and staff see all', async () => {
    const [inA, inB] = [await post(groupA), await post(groupB)];
    const commentA = await comment(inA);
    const [reportA, reportB, reportComment] = [await report('post', inA), await report('post', inB), await report('comment', commentA)];
    const mine = await queueOf(moderator);
    expect(mine.map((r) => r.id)).toEqual(expect.arrayContaining([reportA, reportComment]));
    expect(mine.map((r) => r.id)).not.toContain(reportB);
    expect(mine.every((r) => r.group_id === groupA)).toBe(true);
    expect(mine.find((r) => r.id === reportComment)).toMatchObject({ target_type: 'comment', path: `/posts/${inA}#comment-${commentA}` });
    expect(mine.find((r) => r.id === reportA)).toMatchObject({ path: `/posts/${inA}` });
    expect((await queueOf(staff)).map((r) => r.id)).toEqual(expect.arrayContaining([reportA, reportB, reportComment]));
  });

  it('claims, resolves and dismisses in their groups; 403 for another group\'s report and for the mute', async () => {
    const [inA, inB, inA2] = [await post(groupA), await post(groupB), await post(groupA)];
    const [reportA, reportB, reportA2] = [await report('post', inA), await report('post', inB), await report('post', inA2)];
    expect((await api.post(MODERATION_API.adminClaimReport(reportB), undefined, as(moderator))).statusCode).toBe(403);
    expect((await api.post(MODERATION_API.adminResolveReport(reportB), { resolution: { action: 'dismiss' } }, as(moderator))).statusCode).toBe(403);
    const claimed = await api.post(MODERATION_API.adminClaimReport(reportA), undefined, as(moderator));
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect((await api.delete(MODERATION_API.adminClaimReport(reportA), as(moderator))).statusCode).toBe(200);
    expect((await api.post(MODERATION_API.adminResolveReport(reportA), { resolution: { action: 'mute', mute_days: 1 } }, as(moderator))).statusCode).toBe(403);
    const resolved = await api.post(MODERATION_API.adminResolveReport(reportA), { resolution: { action: 'hide' } }, as(moderator));
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect((await api.get(COMMUNITY_API.post(inA))).statusCode).toBe(404);
    const dismissed = await api.post(MODERATION_API.adminResolveReport(reportA2), { resolution: { action: 'dismiss' } }, as(moderator));
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect((await queueOf(moderator, 'dismissed')).map((r) => r.id)).toContain(reportA2);
    expect((await queueOf(staff)).map((r) => r.id)).toContain(reportB);
  });

  it('gives a report claimed by two moderators at once to exactly one of them', async () => {
    const reportId = await report('post', await post(groupA));
    const answers = await Promise.all([moderator, secondModerator].map((who) => api.post(MODERATION_API.adminClaimReport(reportId), undefined, as(who))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    const winner = answers.find((a) => a.statusCode === 200)!.json().claimed_by as number;
    expect(answers.find((a) => a.statusCode === 422)!.json()).toMatchObject({ errors: { base: ['taken'] }, meta: { claimed_by: winner } });
    const row = (await queueOf(staff)).find((r) => r.id === reportId) as unknown as { claimed_by: number };
    expect(row.claimed_by).toBe(winner);
  });
});
