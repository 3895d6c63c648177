import { beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { FEEDBACKS_PER_DAY } from '@lantern/domain';
import type { UploadToken } from '@lantern/contract';
import { HOSTS } from '../support/harness.ts';
import { uploadForm } from '../support/upload-form.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { notices, versionInfos } from '../../src/modules/notices/tables.ts';
import { feedbacks } from '../../src/modules/feedback/tables.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();
let staff: { id: number; token: string };
beforeAll(async () => {
  staff = await makeAccount(t, { role: 'staff' });
});

const nowSec = () => Math.floor(t.clock.now().getTime() / 1000);
const both = (en: string, chs = `${en}（中文）`) => ({ chs, en });

async function makeNotice(body: Record<string, unknown> = {}) {
  const res = await api.native.post('/api/admin/notices', { notice: { area: 'native', title: both('Maintenance'), content: both('We will be down.\n\nSecond paragraph.'), ...body } }, { token: staff.token });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

describe('notices', () => {
  it('lists the site\'s readable notices pinned first, then newest, with meta.total_count, ten to a page', async () => {
    await t.deps.db.update(notices).set({ withdrawn: true });
    const old = await makeNotice({ published_at_timestamp: nowSec() - 500 });
    const pinned = await makeNotice({ pinned: true, published_at_timestamp: nowSec() - 1000, kind: 'event' });
    const fresh = await makeNotice({ published_at_timestamp: nowSec() - 10 });
    await makeNotice({ published_at_timestamp: nowSec() + 3600 });
    await makeNotice({ area: 'abroad' });
    const res = await api.native.get('/api/notices');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.notices.map((n: { id: number }) => n.id)).toEqual([pinned.id, fresh.id, old.id]);
    expect(body.meta).toEqual({ total_count: 3, page: 1, per: 10 });
    expect(body.notices[0]).toMatchObject({ kind: 'event', pinned: true, summary: { en: 'We will be down.' } });
    expect(body.notices[0].content).toBeUndefined();
    const events = (await api.native.get('/api/notices.json', { query: { 'q[kind_eq]': 'event' } })).json();
    expect(events.notices.map((n: { id: number }) => n.id)).toEqual([pinned.id]);
    const second = (await api.native.get('/api/notices', { query: { page: '2', per: '2' } })).json();
    expect(second.notices.map((n: { id: number }) => n.id)).toEqual([old.id]);
    expect((await api.abroad.get('/api/notices')).json().meta.total_count).toBe(1);
  });

  it('shows one notice in full; a future, withdrawn, other-site or unknown one is 404', async () => {
    const shown = await makeNotice({ content: both('Line one.\n\nLine two.') });
    const read = await api.native.get(`/api/notices/${shown.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: shown.id, title: both('Maintenance'), content: { en: 'Line one.\n\nLine two.' } });
    const future = await makeNotice({ published_at_timestamp: nowSec() + 60 });
    expect((await api.native.get(`/api/notices/${future.id}`)).statusCode).toBe(404);
    t.clock.advance(61);
    expect((await api.native.get(`/api/notices/${future.id}`)).statusCode).toBe(200);
    expect((await api.abroad.get(`/api/notices/${shown.id}`)).statusCode).toBe(404);
    const withdrawn = await api.native.patch(`/api/admin/notices/${shown.id}`, { notice: { withdrawn: true } }, { token: staff.token });
    expect(withdrawn.json()).toMatchObject({ withdrawn: true, area: 'native' });
    expect((await api.native.get(`/api/notices/${shown.id}`)).statusCode).toBe(404);
    expect((await api.native.get('/api/notices/987654321')).statusCode).toBe(404);
    expect((await api.native.get('/api/notices/abc')).statusCode).toBe(422);
  });

  it('lets only staff write notices, and refuses a notice without both languages', async () => {
    const user = await makeAccount(t);
    const body = { notice: { area: 'native', title: both('Hi'), content: both('Body') } };
    expect((await api.native.post('/api/admin/notices', body)).statusCode).toBe(401);
    expect((await api.native.post('/api/admin/notices', body, { token: user.token })).statusCode).toBe(403);
    const missing = await api.native.post('/api/admin/notices', { notice: { area: 'native', title: { chs: '标题' }, content: both('Body') } }, { token: staff.token });
    expect(missing.statusCode).toBe(422);
    expect((await api.native.patch('/api/admin/notices/987654321', { notice: { pinned: true } }, { token: staff.token })).statusCode).toBe(404);
    const listed = (await api.native.get('/api/admin/notices', { token: staff.token, query: { 'q[area_eq]': 'abroad' } })).json();
    expect(listed.notices.every((n: { area: string }) => n.area === 'abroad')).toBe(true);
  });
});

describe('versions', () => {
  async function makeVersion(body: Record<string, unknown>) {
    const res = await api.native.post('/api/admin/version_infos', { version_info: { title: both('Title'), description: both('What it brings'), ...body } }, { token: staff.token });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; progress: number; released_at_timestamp: number | null };
  }
  const note = (versionInfoId: number, kind: string, en: string, position = 0) =>
    api.native.post('/api/admin/version_releases', { version_release: { version_info_id: versionInfoId, kind, content: both(en), position } }, { token: staff.token });

  it('lists versions in work above released ones, with progress and counts of notes by kind', async () => {
    await t.deps.db.delete(versionInfos);
    const shipped = await makeVersion({ version: '1.0', status: 'released', released_at_timestamp: nowSec() - 9000 });
    const newer = await makeVersion({ version: '1.1', status: 'released', progress: 40 });
    const work = await makeVersion({ version: '1.2', status: 'developing', progress: 100, planned_at_timestamp: nowSec() + 9000 });
    expect(newer.progress).toBe(100);
    expect(newer.released_at_timestamp).toBe(nowSec());
    expect(work.progress).toBe(99);
    await note(newer.id, 'fix', 'Fixed a crash');
    await note(newer.id, 'feature', 'Talks');
    await note(newer.id, 'fix', 'Fixed the cart', 1);
    const res = await api.abroad.get('/api/version_infos');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.version_infos.map((v: { id: number }) => v.id)).toEqual([work.id, newer.id, shipped.id]);
    expect(body.meta.total_count).toBe(3);
    expect(body.version_infos[1].release_counts).toEqual({ feature: 1, improvement: 0, fix: 2 });
    const released = (await api.native.get('/api/version_infos', { query: { 'q[status_eq]': 'released' } })).json();
    expect(released.version_infos.map((v: { id: number }) => v.id)).toEqual([newer.id, shipped.id]);
  });

  it('answers a version\'s release notes grouped by kind, the newest released version by default', async () => {
    await t.deps.db.delete(versionInfos);
    expect((await api.native.get('/api/version_releases')).json()).toEqual({ version_info: null, version_releases: [] });
    const v = await makeVersion({ version: '2.0', status: 'released' });
    await makeVersion({ version: '2.1', status: 'planned' });
    const fixB = (await note(v.id, 'fix', 'B', 2)).json();
    const fixA = (await note(v.id, 'fix', 'A', 1)).json();
    const better = (await note(v.id, 'improvement', 'Faster')).json();
    const latest = (await api.native.get('/api/version_releases')).json();
    expect(latest.version_info.id).toBe(v.id);
    expect(latest.version_releases).toEqual([
      { kind: 'improvement', items: [better] },
      { kind: 'fix', items: [fixA, fixB] },
    ]);
    const named = (await api.native.get('/api/version_releases', { query: { 'q[version_info_id_eq]': String(v.id) } })).json();
    expect(named.version_releases).toHaveLength(2);
    expect((await api.native.get('/api/version_releases', { query: { version_info_id: '987654321' } })).statusCode).toBe(404);
    expect((await api.native.delete(`/api/admin/version_releases/${fixB.id}`, { token: staff.token })).statusCode).toBe(204);
    const after = (await api.native.get('/api/version_releases', { query: { version_info_id: String(v.id) } })).json();
    expect(after.version_releases[1].items).toEqual([fixA]);
  });

  it('refuses a bad or repeated version number, and a note on a missing version', async () => {
    await makeVersion({ version: '3.0' });
    const post = (version: string) => api.native.post('/api/admin/version_infos', { version_info: { version, title: both('T'), description: both('D') } }, { token: staff.token });
    expect((await post('3.0')).json().errors).toEqual({ version: ['taken'] });
    expect((await post('three')).json().errors).toEqual({ version: ['invalid'] });
    expect((await note(987654321, 'fix', 'x')).json().errors).toEqual({ version_info_id: ['not_found'] });
  });

  it('dates a version when released and clears the date when moved back', async () => {
    const v = await makeVersion({ version: '4.0', status: 'testing', progress: 50 });
    expect(v).toMatchObject({ progress: 50, released_at_timestamp: null });
    const released = (await api.native.patch(`/api/admin/version_infos/${v.id}`, { version_info: { status: 'released' } }, { token: staff.token })).json();
    expect(released).toMatchObject({ status: 'released', progress: 100, released_at_timestamp: nowSec() });
    const back = (await api.native.patch(`/api/admin/version_infos/${v.id}`, { version_info: { status: 'testing' } }, { token: staff.token })).json();
    expect(back).toMatchObject({ status: 'testing', progress: 50, released_at_timestamp: null });
  });
});

describe('feedback', () => {
  /** A screenshot uploaded the way the web does it: a `feedback` upload token, then the form post. */
  async function screenshot(user: { token: string }): Promise<{ id: number; url: string }> {
    const token: UploadToken = (await api.native.get('/api/cloud_storage/new', { token: user.token, query: { for: 'feedback' } })).json();
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } }).png().toBuffer();
    const { payload, contentType } = uploadForm({ policy: token.policy, signature: token.signature, accessid: token.accessid, key: `${token.dir}shot`, account_id: String(token.account_id) }, png);
    const res = await t.app.inject({ method: 'POST', url: '/uploads', headers: { host: HOSTS.native, 'content-type': contentType }, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const send = (user: { token: string }, body: Record<string, unknown>) =>
    api.native.post('/api/feedbacks', { feedback: { kind: 'bug', content: 'The checkout page spins forever.', ...body } }, { token: user.token });

  it('asks guests to sign in', async () => {
    expect((await api.native.get('/api/feedbacks/new')).statusCode).toBe(401);
    expect((await api.native.post('/api/feedbacks', { feedback: { kind: 'bug', content: 'x'.repeat(20) } })).statusCode).toBe(401);
  });

  it('offers the form\'s choices and limits, and takes a feedback with the writer\'s own screenshots', async () => {
    const user = await makeAccount(t);
    const blank = (await api.native.get('/api/feedbacks/new', { token: user.token })).json();
    expect(blank).toEqual({ kinds: ['bug', 'suggestion', 'order', 'account', 'other'], content_min: 10, content_max: 2000, max_images: 4, contact_max: 100, remaining_today: FEEDBACKS_PER_DAY });
    const shot = await screenshot(user);
    const res = await send(user, { images: [shot.url], contact: 'me@example.com', page_url: '/cart' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'bug', images: [shot.url], contact: 'me@example.com', page_url: '/cart', status: 'open' });
    expect((await api.native.get('/api/feedbacks/new', { token: user.token })).json().remaining_today).toBe(FEEDBACKS_PER_DAY - 1);
    // The screenshot is evidence staff still need: its owner cannot delete it now.
    const del = await api.native.delete(`/api/uploads/${shot.id}`, { token: user.token });
    expect(del.statusCode).toBe(422);
    expect(del.json().errors).toEqual({ upload: ['in_use'] });
  });

  it('refuses someone else\'s screenshot, an outside address, too many images and text out of bounds', async () => {
    const user = await makeAccount(t);
    const other = await makeAccount(t);
    const theirs = await screenshot(other);
    expect((await send(user, { images: [theirs.url] })).json().errors).toEqual({ images: ['invalid'] });
    expect((await send(user, { images: ['https://evil.example/x.png'] })).json().errors).toEqual({ images: ['invalid'] });
    expect((await send(user, { images: Array.from({ length: 5 }, () => theirs.url) })).statusCode).toBe(422);
    expect((await send(user, { content: '   ' })).json().errors).toEqual({ content: ['blank'] });
    expect((await send(user, { content: 'too short' })).json().errors).toEqual({ content: ['too_short'] });
    expect((await send(user, { content: 'x'.repeat(2001) })).json().errors).toEqual({ content: ['too_long'] });
    expect((await send(user, { kind: 'rant' })).statusCode).toBe(422);
    expect((await t.deps.db.select().from(feedbacks).where(eq(feedbacks.accountId, user.id)))).toHaveLength(0);
  });

  it('takes at most five a day, even sent at once, and again a day after', async () => {
    const user = await makeAccount(t);
    const answers = await Promise.all(Array.from({ length: FEEDBACKS_PER_DAY + 2 }, () => send(user, {})));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(FEEDBACKS_PER_DAY);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.json().errors).toEqual({ base: ['rate_limit'] });
    expect((await api.native.get('/api/feedbacks/new', { token: user.token })).json().remaining_today).toBe(0);
    // A day later (the sessions here last minutes, so the day passes in the rows' dates) it may send again.
    await t.deps.db.update(feedbacks).set({ createdAt: new Date(t.clock.now().getTime() - 24 * 3600 * 1000 - 1000) }).where(eq(feedbacks.accountId, user.id));
    expect((await send(user, {})).statusCode).toBe(201);
  });

  it('reaches the staff inbox, where staff reply and close it', async () => {
    const user = await makeAccount(t, { area: 'abroad' });
    const sent = (await api.abroad.post('/api/feedbacks', { feedback: { kind: 'suggestion', content: 'Please add a dark mode toggle.' } }, { token: user.token })).json();
    expect((await api.abroad.get('/api/admin/feedbacks', { token: user.token })).statusCode).toBe(403);
    const inbox = (await api.native.get('/api/admin/feedbacks', { token: staff.token, query: { 'q[area_eq]': 'abroad', 'q[status_eq]': 'open' } })).json();
    expect(inbox.feedbacks[0]).toMatchObject({ id: sent.id, account_id: user.id, area: 'abroad', staff_reply: null });
    const replied = (await api.native.patch(`/api/admin/feedbacks/${sent.id}`, { feedback: { staff_reply: 'Noted, thanks!' } }, { token: staff.token })).json();
    expect(replied).toMatchObject({ status: 'replied', staff_reply: 'Noted, thanks!' });
    const closed = (await api.native.patch(`/api/admin/feedbacks/${sent.id}`, { feedback: { status: 'closed' } }, { token: staff.token })).json();
    expect(closed.status).toBe('closed');
    expect((await api.native.patch('/api/admin/feedbacks/987654321', { feedback: { status: 'closed' } }, { token: staff.token })).statusCode).toBe(404);
  });
});
