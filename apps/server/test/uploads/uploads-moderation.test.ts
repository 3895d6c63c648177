import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { MODERATION_API, type UploadResult, type UploadToken } from '@lantern/contract';
import { UPLOADS_PER_DAY_NEW } from '@lantern/domain';
import { HOSTS } from '../support/harness.ts';
import { uploadForm } from '../support/upload-form.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { makeGroup } from '../support/community-factories.ts';
import { startSession } from '../../src/modules/accounts/sessions.ts';
import { moderationReports } from '../../src/modules/moderation/tables.ts';
import { watermarkLine, watermarkSvg } from '../../src/modules/uploads/images.ts';
import { cjkFontFamily } from '../../src/modules/uploads/fonts.ts';
import { useTestApp } from '../support/test-app.ts';

/** Uploads under moderation (decisions/0020): no token while muted, a daily budget, own deletes, the watermark's font. */
const { t, api } = useTestApp({ env: { COMMUNITY_WRITE_PACE: 'on' } });

type Account = { id: number; token: string };

const token = (who: Account) => api.native.get('/api/cloud_storages/new', { token: who.token });
async function upload(who: Account, body: Buffer) {
  const issued: UploadToken = (await token(who)).json();
  const { payload, contentType } = uploadForm({ policy: issued.policy, signature: issued.signature, accessid: issued.accessid }, body);
  return t.app.inject({ method: 'POST', url: '/uploads', headers: { host: HOSTS.native, 'content-type': contentType }, payload });
}
const picture = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: '#2f6f9f' } }).png().toBuffer();
const stored = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: HOSTS.native } });
const fresh = async (who: Account) => ({ ...who, token: (await startSession(t.deps, t.deps.db, who.id, 'native')).accessToken });

describe('uploads and moderation', () => {
  it('gives a muted account no upload token (403 is_mute) and gives it again once unmuted', async () => {
    const [user, staff] = [await makeAccount(t), await makeAccount(t, { role: 'staff' })];
    expect((await api.native.post(MODERATION_API.adminMute(user.id), { mute: { days: 2, reason: 'spam' } }, { token: staff.token })).statusCode).toBe(200);
    const refused = await token(user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual({ base: ['is_mute'] });
    expect(refused.json().meta.unmute_at_timestamp).toBeGreaterThan(0);
    expect((await api.native.delete(MODERATION_API.adminMute(user.id), { token: staff.token })).statusCode).toBe(200);
    expect((await token(user)).statusCode).toBe(200);
  });

  it('gives a warn-banned account (three upheld reports in 30 days) no upload token (403 banned)', async () => {
    const [user, reporter] = [await makeAccount(t), await makeAccount(t)];
    const now = t.clock.now();
    await t.deps.db.insert(moderationReports).values([1, 2, 3].map((n) => ({
      reporterId: reporter.id, targetType: 'post', targetId: 900_000 + user.id * 10 + n, targetAuthorId: user.id, area: 'native' as const,
      reason: 'abuse' as const, severity: 4, status: 'upheld' as const, resolution: 'hide' as const, resolvedAt: now, createdAt: now,
    })));
    const refused = await token(user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toEqual({ base: ['banned'] });
  });

  it('counts each stored image against the day\'s budget (20 for a new account) and answers 429 rate_limit past it', { timeout: 60_000 }, async () => {
    let user: Account = await makeAccount(t);
    const body = await picture(40, 30);
    for (let i = 0; i < UPLOADS_PER_DAY_NEW; i++) expect((await upload(user, body)).statusCode).toBe(201);
    const over = await upload(user, body);
    expect(over.statusCode).toBe(429);
    expect(over.json().errors).toEqual({ base: ['rate_limit'] });
    expect(over.json().meta.retry_after).toBeGreaterThan(0);
    t.clock.advance(86_400 + 1);
    user = await fresh(user);
    expect((await upload(user, body)).statusCode).toBe(201);
  });

  it('lets the owner delete an upload, its stored sizes with it, unless a post that is not a draft shows it', async () => {
    const [owner, other] = [await makeAccount(t), await makeAccount(t)];
    const loose: UploadResult = (await upload(owner, await picture(300, 200))).json();
    expect((await api.native.delete(`/api/uploads/${loose.id}`, { token: other.token })).statusCode).toBe(404);
    expect((await api.native.delete(`/api/uploads/${loose.id}`)).statusCode).toBe(401);
    expect((await stored(loose.sizes[2]!.url)).statusCode).toBe(200);
    expect((await api.native.delete(`/api/uploads/${loose.id}`, { token: owner.token })).statusCode).toBe(204);
    for (const size of loose.sizes) expect((await stored(size.url)).statusCode).toBe(404);
    expect((await api.native.delete(`/api/uploads/${loose.id}`, { token: owner.token })).statusCode).toBe(404);

    const used: UploadResult = (await upload(owner, await picture(300, 200))).json();
    const draftOnly: UploadResult = (await upload(owner, await picture(300, 200))).json();
    const { group } = await makeGroup(t);
    const draft = (await api.native.get(`/api/posts/new?group_id=${group.id}&type=Post`, { token: owner.token })).json().draft;
    const image = (u: UploadResult) => `<p><img src="${u.sizes[1]!.url}"></p>`;
    const saved = await api.native.patch(`/api/drafts/${draft.id}`, { draft: { content: `<p>look</p>${image(used)}${image(draftOnly)}` } }, { token: owner.token });
    expect(saved.json().draft.content).toContain(draftOnly.key);
    // In a draft nobody else sees: the image may go.
    expect((await api.native.delete(`/api/uploads/${draftOnly.id}`, { token: owner.token })).statusCode).toBe(204);
    const published = await api.native.patch(`/api/drafts/${draft.id}`, { draft: { content: `<p>look</p>${image(used)}`, publish: true } }, { token: owner.token });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().post.content).toContain(used.key);
    const refused = await api.native.delete(`/api/uploads/${used.id}`, { token: owner.token });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ upload: ['in_use'] });
    expect((await stored(used.url)).statusCode).toBe(200);
    expect((await api.native.delete(`/api/posts/${published.json().post.id}`, { token: owner.token })).statusCode).toBe(204);
    expect((await api.native.delete(`/api/uploads/${used.id}`, { token: owner.token })).statusCode).toBe(204);
  });
});

describe('the watermark\'s font', () => {
  const corner = async (image: Buffer) => {
    const { width, height } = await sharp(image).metadata();
    return sharp(image).extract({ left: width! - 160, top: height! - 40, width: 160, height: 40 }).raw().toBuffer();
  };
  const plain = () => picture(640, 480);
  const marked = async (text: string, font: string | null) =>
    sharp(await plain()).composite([{ input: watermarkSvg(text, 640, 480, font)!, gravity: 'southeast' }]).png().toBuffer();

  it('draws Chinese with the CJK family when fontconfig has one, and Latin text when it has none', async () => {
    expect(watermarkLine('灯笼 @小明', 'Lantern #7', null)).toEqual({ text: 'Lantern #7', font: null });
    expect(watermarkLine('灯笼 @小明', 'Lantern #7', 'Noto Sans CJK SC')).toEqual({ text: '灯笼 @小明', font: 'Noto Sans CJK SC' });
    expect(watermarkLine('Lantern @amy', 'Lantern @amy', null)).toEqual({ text: 'Lantern @amy', font: null });
    const family = cjkFontFamily();
    if (family !== null) expect(family).toMatch(/CJK|Sans|Hei|Song|Ming|Kai/i);
    expect(watermarkSvg('灯笼 @小明', 640, 480, 'Noto Sans CJK SC')!.toString()).toContain('font-family="Noto Sans CJK SC, DejaVu Sans, sans-serif"');
  });

  it('changes the pixels in the bottom-right corner, in Chinese and in the Latin fallback', async () => {
    const base = await corner(await plain());
    for (const [text, font] of [['灯笼 @小明', cjkFontFamily()], ['Lantern #7', null]] as const) {
      expect((await corner(await marked(text, font))).equals(base), `${text} drawn`).toBe(false);
    }
  });

  it('draws a Chinese nickname in an upload\'s corner on the mainland site', async () => {
    const user = await makeAccount(t);
    await api.native.patch('/api/me', { account: { water_mark: true, nickname: `小明${user.id}` } }, { token: user.token });
    const withMark: UploadResult = (await upload(user, await plain())).json();
    expect(withMark.watermarked).toBe(true);
    const stored640 = (await stored(withMark.url)).rawPayload;
    expect((await corner(stored640)).equals(await corner(await plain()))).toBe(false);
  });
});
