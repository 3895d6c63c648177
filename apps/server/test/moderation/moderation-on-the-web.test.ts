import { beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_API } from '@lantern/contract';
import { makeAccount } from '../support/catalog-factories.ts';
import { makeGroup } from '../support/community-factories.ts';
import { useTestApp } from '../support/test-app.ts';

/** Staff acting from the page and working the report queue (docs/product/community.md#moderation-on-the-web). */
const { t, api } = useTestApp();
type Account = { id: number; token: string };
let staff: Account;
let otherStaff: Account;
beforeAll(async () => {
  staff = await makeAccount(t, { role: 'staff' });
  otherStaff = await makeAccount(t, { role: 'staff' });
});

async function publishedPost() {
  const { group } = await makeGroup(t);
  const author = await makeAccount(t);
  const created = await api.native.get(`/api/posts/new?group_id=${group.id}&type=Post`, { token: author.token });
  const post = (await api.native.patch(`/api/drafts/${created.json().draft.id}`, { draft: { publish: true, content: '<p>Buy gold at my shop</p>' } }, { token: author.token })).json().post as { id: number };
  return { author, post };
}
const report = async (target_type: string, target_id: number) => {
  const res = await api.native.post(MODERATION_API.reports, { report: { target_type, target_id, reason: 'spam' } }, { token: (await makeAccount(t)).token });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().report as { id: number };
};
const act = (who: Account | null, type: string, id: number, action: 'hide' | 'delete') =>
  api.native.post((action === 'hide' ? MODERATION_API.adminHideContent : MODERATION_API.adminDeleteContent)(type, id), undefined, who ? { token: who.token } : {});
const queue = async (status: 'open' | 'upheld') =>
  (await api.native.get(`${MODERATION_API.adminReports}?status=${status}&per=100`, { token: staff.token })).json().reports as { id: number; claimed_by: number | null; resolution: string | null; resolved_by: number | null }[];

describe('hide and delete from the page', () => {
  it('hides a reported post, upholds its open reports with it, and a second hide changes nothing', async () => {
    const { author, post } = await publishedPost();
    const [first, second] = [await report('post', post.id), await report('post', post.id)];
    const hidden = await act(staff, 'post', post.id, 'hide');
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toEqual({ type: 'post', id: post.id, action: 'hide', resolved_report_ids: [first.id, second.id] });
    expect((await queue('open')).map((r) => r.id)).not.toContain(first.id);
    expect((await queue('upheld')).find((r) => r.id === first.id)).toMatchObject({ resolution: 'hide', resolved_by: staff.id });
    // A reader no longer finds it; its author sees it marked hidden.
    expect((await api.native.get(`/api/posts/${post.id}`)).statusCode).toBe(404);
    expect((await api.native.get(`/api/posts/${post.id}`, { token: author.token })).json().post.moderation_state).toBe('hidden');
    expect((await act(otherStaff, 'post', post.id, 'hide')).statusCode).toBe(404);
  });

  it('lets one of two staff hiding at once hide it: the other changes nothing and resolves nothing', async () => {
    const { post } = await publishedPost();
    const made = await report('post', post.id);
    const answers = await Promise.all([act(staff, 'post', post.id, 'hide'), act(otherStaff, 'post', post.id, 'hide')]);
    const won = answers.filter((a) => a.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(won[0]!.json().resolved_report_ids).toEqual([made.id]);
    // The other saw it gone (404) or lost the race inside its transaction (422 state_invalid).
    expect([404, 422]).toContain(answers.find((a) => a.statusCode !== 200)!.statusCode);
  });

  it('deletes a comment for good', async () => {
    const { post } = await publishedPost();
    const writer = await makeAccount(t);
    const c = (await api.native.post('/api/comments', { comment: { commentable_type: 'Post', commentable_id: post.id, content: 'spam link' } }, { token: writer.token })).json().comment as { id: number };
    const deleted = await act(staff, 'comment', c.id, 'delete');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().resolved_report_ids).toEqual([]);
    const listed = (await api.native.get(`/api/comments?commentable_type=Post&commentable_id=${post.id}`)).json().comments as { id: number }[];
    expect(listed.map((x) => x.id)).not.toContain(c.id);
  });

  it('is staff only, and 404 for a type nobody registered or an item that is not there', async () => {
    const { post } = await publishedPost();
    expect((await act(null, 'post', post.id, 'hide')).statusCode).toBe(401);
    expect((await act(await makeAccount(t, { role: 'group_admin' }), 'post', post.id, 'hide')).statusCode).toBe(403);
    expect((await act(staff, 'poem', post.id, 'hide')).statusCode).toBe(404);
    expect((await act(staff, 'post', 987_654_321, 'delete')).statusCode).toBe(404);
  });
});

describe('the queue of one site', () => {
  it('lists only the reports of the site asked for', async () => {
    const { post } = await publishedPost();
    const made = await report('post', post.id);
    const of = async (area: string) =>
      ((await api.native.get(`${MODERATION_API.adminReports}?status=open&per=100&area=${area}`, { token: staff.token })).json().reports as { id: number }[]).map((r) => r.id);
    expect(await of('native')).toContain(made.id);
    expect(await of('abroad')).not.toContain(made.id);
  });
});

describe('claiming a report', () => {
  it('claims every open report on the target, tells another staff member it is taken, and gives it back', async () => {
    const { post } = await publishedPost();
    const [first, second] = [await report('post', post.id), await report('post', post.id)];
    const claimed = await api.native.post(MODERATION_API.adminClaimReport(first.id), undefined, { token: staff.token });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({ claimed_report_ids: [first.id, second.id], claimed_by: staff.id });
    expect((await queue('open')).find((r) => r.id === second.id)?.claimed_by).toBe(staff.id);
    // Claiming again is fine for the claimer; another staff member is told who has it.
    expect((await api.native.post(MODERATION_API.adminClaimReport(second.id), undefined, { token: staff.token })).statusCode).toBe(200);
    const taken = await api.native.post(MODERATION_API.adminClaimReport(first.id), undefined, { token: otherStaff.token });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({ errors: { base: ['taken'] }, meta: { claimed_by: staff.id } });
    expect((await api.native.delete(MODERATION_API.adminClaimReport(first.id), { token: otherStaff.token })).statusCode).toBe(422);
    expect((await api.native.delete(MODERATION_API.adminClaimReport(first.id), { token: staff.token })).statusCode).toBe(200);
    expect((await queue('open')).find((r) => r.id === first.id)?.claimed_by).toBeNull();
    expect((await api.native.post(MODERATION_API.adminClaimReport(first.id), undefined, { token: otherStaff.token })).statusCode).toBe(200);
  });

  it('gives a report claimed by two staff at once to exactly one of them', async () => {
    const { post } = await publishedPost();
    const made = await report('post', post.id);
    const answers = await Promise.all([staff, otherStaff].map((who) => api.native.post(MODERATION_API.adminClaimReport(made.id), undefined, { token: who.token })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    const winner = answers.find((a) => a.statusCode === 200)!.json().claimed_by;
    expect(answers.find((a) => a.statusCode === 422)!.json().meta.claimed_by).toBe(winner);
    expect((await queue('open')).find((r) => r.id === made.id)?.claimed_by).toBe(winner);
  });

  it('refuses a resolved report (state_invalid) and an unknown one (404)', async () => {
    const { post } = await publishedPost();
    const made = await report('post', post.id);
    expect((await api.native.post(MODERATION_API.adminResolveReport(made.id), { resolution: { action: 'dismiss' } }, { token: staff.token })).statusCode).toBe(200);
    const late = await api.native.post(MODERATION_API.adminClaimReport(made.id), undefined, { token: staff.token });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors).toEqual({ base: ['state_invalid'] });
    expect((await api.native.post(MODERATION_API.adminClaimReport(987_654_321), undefined, { token: staff.token })).statusCode).toBe(404);
  });
});
