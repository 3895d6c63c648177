import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { GUEST_UPLOAD_KEEP_HOURS, GUEST_UPLOAD_MAX_BYTES, GUEST_UPLOADS_PER_FORM } from '@lantern/domain';
import type { UploadResult, UploadToken } from '@lantern/contract';
import { HOSTS } from '../support/harness.ts';
import { type SiteClient } from '../support/client.ts';
import { uploadForm } from '../support/upload-form.ts';
import { email, latestCode, nextIp, sendCode, signUpByEmail } from '../support/factories.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { sweepGuestUploads } from '../../src/modules/uploads/index.ts';
import { uploads } from '../../src/modules/uploads/tables.ts';
import { appeals } from '../../src/modules/appeals/tables.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * An appeal's attachments uploaded by a guest (docs/product/engagement.md#guest-uploads): the signed appeal form
 * buys an upload token for its own grant; a guest's upload is a photograph or screenshot of at most 3 MB, counted
 * per form, per address and per site; a filed appeal takes only its own form's uploads and keeps them; what no
 * appeal kept is swept a day later. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
const { t, api } = useTestApp();

type Area = 'native' | 'abroad';
const png = (w = 320, h = 240) => sharp({ create: { width: w, height: h, channels: 3, background: '#3a7bd5' } }).png().toBuffer();
const gif = () => sharp({ create: { width: 40, height: 40, channels: 3, background: '#d53a3a' } }).gif().toBuffer();

async function form(client: SiteClient) {
  const res = await client.get('/api/appeals/new');
  expect(res.statusCode).toBe(200);
  return res.json() as { signature: string; captcha: { captcha_id: string } };
}

async function tokenFor(client: SiteClient, signature: string): Promise<UploadToken> {
  const res = await client.post('/api/appeals/upload_token', { signature });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function postFile(area: Area, token: UploadToken, file: { name: string; type: string; body: Buffer }, ip = '127.0.0.1') {
  const { payload, contentType } = uploadForm({ policy: token.policy, signature: token.signature, accessid: token.accessid, key: `${token.dir}shot`, account_id: String(token.account_id) }, file);
  return t.app.inject({ method: 'POST', url: '/uploads', headers: { host: HOSTS[area], 'content-type': contentType }, payload, remoteAddress: ip });
}

async function uploadPng(area: Area, token: UploadToken, ip?: string): Promise<UploadResult> {
  const res = await postFile(area, token, { name: 'shot.png', type: 'image/png', body: await png() }, ip);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Files an appeal for `owner` from this form with these attachments; answers the response. */
async function fileWith(client: SiteClient, owner: { email: string }, f: { signature: string; captcha: { captcha_id: string } }, attachments: string[]) {
  const ip = nextIp();
  const connect = email('contact');
  expect((await sendCode(client, 'Email', connect, 'appeal')).statusCode).toBe(201);
  const captcha = await t.deps.captcha.peek(f.captcha.captcha_id);
  return client.post('/api/appeals', {
    appeal: {
      signature: f.signature, captcha_id: f.captcha.captcha_id, captcha, message: { number: await latestCode(t, connect) },
      connect_email: connect, email: owner.email, description: 'My phone was stolen; the screenshots show my purchase.', attachments,
    },
  }, { ip });
}

describe('a guest upload token for an appeal form', () => {
  it('is answered for a valid form signature: no account, the form grant\'s folder, a guest\'s size cap', async () => {
    const f = await form(api.native);
    const token = await tokenFor(api.native, f.signature);
    expect(token.account_id).toBe(0);
    expect(token.dir).toMatch(/^g\/[0-9a-f]{24}\/appeal\/$/);
    const policy = JSON.parse(Buffer.from(token.policy, 'base64').toString('utf8'));
    expect(policy.conditions[0]).toEqual(['content-length-range', 1, GUEST_UPLOAD_MAX_BYTES]);
    // The same form always names the same grant; another form another.
    expect((await tokenFor(api.native, f.signature)).dir).toBe(token.dir);
    expect((await tokenFor(api.native, (await form(api.native)).signature)).dir).not.toBe(token.dir);
  });

  it('is refused for an altered signature or another site\'s form', async () => {
    const f = await form(api.native);
    const altered = await api.native.post('/api/appeals/upload_token', { signature: `${f.signature}x` });
    expect(altered.statusCode).toBe(422);
    expect(altered.json().errors).toEqual({ signature: ['invalid'] });
    const elsewhere = await api.abroad.post('/api/appeals/upload_token', { signature: f.signature });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors).toEqual({ signature: ['invalid'] });
  });
});

describe('a guest upload', () => {
  it('stores a screenshot without a session or a watermark, under the form grant\'s folder', async () => {
    const token = await tokenFor(api.abroad, (await form(api.abroad)).signature);
    const stored = await uploadPng('abroad', token);
    expect(stored.key.startsWith(token.dir)).toBe(true);
    expect(stored.watermarked).toBe(false);
    const image = await t.app.inject({ method: 'GET', url: stored.url.replace(/^https?:\/\/[^/]+/, ''), headers: { host: HOSTS.abroad } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('refuses a GIF and anything over 3 MB', async () => {
    const token = await tokenFor(api.native, (await form(api.native)).signature);
    const animation = await postFile('native', token, { name: 'a.gif', type: 'image/gif', body: await gif() });
    expect(animation.statusCode).toBe(422);
    expect(animation.json().errors).toEqual({ file: ['format_invalid'] });
    const big = await postFile('native', token, { name: 'big.png', type: 'image/png', body: Buffer.alloc(GUEST_UPLOAD_MAX_BYTES + 1, 1) });
    expect(big.statusCode).toBe(413);
    expect(big.json().errors).toEqual({ file: ['too_large'] });
  });

  it(`allows ${GUEST_UPLOADS_PER_FORM} uploads per form, then answers 429 rate_limit`, async () => {
    const token = await tokenFor(api.native, (await form(api.native)).signature);
    const ip = nextIp();
    for (let i = 0; i < GUEST_UPLOADS_PER_FORM; i++) {
      const res = await postFile('native', token, { name: 'x.png', type: 'image/png', body: await png(16 + i, 16) }, ip);
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await postFile('native', token, { name: 'x.png', type: 'image/png', body: await png() }, nextIp());
    expect(over.statusCode).toBe(429);
    expect(over.json().errors).toEqual({ base: ['rate_limit'] });
  });
});

describe('an appeal with uploaded attachments', () => {
  it('files with its own form\'s uploads and keeps them; another form\'s upload or one twice is invalid', async () => {
    const owner = await signUpByEmail(t, api.native);
    const f = await form(api.native);
    const token = await tokenFor(api.native, f.signature);
    const [a, b] = [await uploadPng('native', token), await uploadPng('native', token)];
    const stranger = await uploadPng('native', await tokenFor(api.native, (await form(api.native)).signature));

    const foreign = await fileWith(api.native, owner, f, [a.url, stranger.url]);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ attachments: ['invalid'] });
    const twice = await fileWith(api.native, owner, f, [a.url, a.url]);
    expect(twice.json().errors).toEqual({ attachments: ['invalid'] });

    const filed = await fileWith(api.native, owner, f, [a.url, b.url]);
    expect(filed.statusCode, filed.body).toBe(201);
    const [row] = await t.deps.db.select().from(appeals).where(eq(appeals.id, filed.json().appeal.id));
    expect(row!.attachments).toEqual([a.url, b.url]);
    expect(row!.evidence).toMatchObject({ attachments: 2 });

    // The used form buys no more upload tokens.
    const again = await api.native.post('/api/appeals/upload_token', { signature: f.signature });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ signature: ['invalid'] });

    // A day later the sweep removes the stranger's unkept upload (record and files) and leaves the appeal's.
    t.clock.advance(GUEST_UPLOAD_KEEP_HOURS * 3600);
    await sweepGuestUploads(t.deps);
    const left = new Set((await t.deps.db.select({ id: uploads.id }).from(uploads)).map((r) => r.id));
    expect(left.has(a.id) && left.has(b.id)).toBe(true);
    expect(left.has(stranger.id)).toBe(false);
    const gone = await t.app.inject({ method: 'GET', url: stranger.url.replace(/^https?:\/\/[^/]+/, ''), headers: { host: HOSTS.native } });
    expect(gone.statusCode).toBe(404);
  });
});

describe('an appeal\'s detail with its attachments', () => {
  it('shows each attachment\'s thumbnail and full size to the contact (the detail only) and to staff', async () => {
    const owner = await signUpByEmail(t, api.native);
    const f = await form(api.native);
    const token = await tokenFor(api.native, f.signature);
    const [a, b] = [await uploadPng('native', token), await uploadPng('native', token)];
    const filed = await fileWith(api.native, owner, f, [a.url, b.url]);
    expect(filed.statusCode, filed.body).toBe(201);
    const { appeal, tracking_token: tracking } = filed.json() as { appeal: { id: number }; tracking_token: string };
    const sizeUrl = (upload: UploadResult, name: string) => upload.sizes.find((s) => s.name === name)!.url;
    const expected = [a, b].map((u) => ({ url: u.url, thumb_url: sizeUrl(u, 'thumb'), full_url: sizeUrl(u, 'original'), width: 320, height: 240 }));

    const detail = await api.native.get(`/api/appeals?id=${appeal.id}`, { headers: { 'x-appeal-tracking': tracking } });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().appeal.attachments).toEqual([a.url, b.url]);
    expect(detail.json().appeal.attachment_images).toEqual(expected);
    expect(expected[0]!.thumb_url).not.toBe(expected[0]!.full_url);
    // The thumbnail is served, smaller than the picture.
    const thumb = await t.app.inject({ method: 'GET', url: expected[0]!.thumb_url.replace(/^https?:\/\/[^/]+/, ''), headers: { host: HOSTS.native } });
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBeLessThanOrEqual(320);

    // The list stays light: no pictures' sizes read for it.
    const list = await api.native.get('/api/appeals', { headers: { 'x-appeal-tracking': tracking } });
    expect(list.json().appeals[0].attachment_images).toBeUndefined();

    const staff = await makeAccount(t, { role: 'admin' });
    const review = await api.native.get(`/api/admin/appeals/${appeal.id}`, { token: staff.token });
    expect(review.statusCode, review.body).toBe(200);
    expect(review.json().attachment_images).toEqual(expected);
  });

  it('answers an appeal without attachments with an empty list of pictures', async () => {
    const owner = await signUpByEmail(t, api.native);
    const filed = await fileWith(api.native, owner, await form(api.native), []);
    expect(filed.statusCode, filed.body).toBe(201);
    const detail = await api.native.get(`/api/appeals?id=${filed.json().appeal.id}`, { headers: { 'x-appeal-tracking': filed.json().tracking_token } });
    expect(detail.json().appeal.attachment_images).toEqual([]);
  });
});
