import { describe, expect, it } from 'vitest';
import { API } from '@lantern/contract';
import { useTestApp } from '../support/test-app.ts';

const { api } = useTestApp();

describe('GET /media/covers/{seed}.svg', () => {
  it('draws an SVG for a seed, the same every time, cached for a year', async () => {
    const res = await api.native.get(API.cover('ember-vale', 'vertical'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="600" height="800"/);
    expect(res.body).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    expect(res.body).not.toMatch(/<image|@import|url\((?!#)/);
    const again = await api.abroad.get(API.cover('ember-vale', 'vertical'));
    expect(again.body).toBe(res.body);
  });

  it('keeps the art of a key whatever title it carries (one game, two sites)', async () => {
    const en = (await api.native.get(API.cover('k9~Ashen Tides', 'vertical'))).body;
    const zh = (await api.native.get(API.cover('k9~灰烬之潮', 'vertical'))).body;
    expect(en.replace(/<text.*<\/text>/, '').replace(/aria-label="[^"]*"/, '')).toBe(zh.replace(/<text.*<\/text>/, '').replace(/aria-label="[^"]*"/, ''));
  });

  it('draws different art for different seeds', async () => {
    const bodies = new Set<string>();
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) bodies.add((await api.native.get(API.cover(seed, 'horizontal'))).body);
    expect(bodies.size).toBe(6);
  });

  it('draws each shape at its size, vertical by default', async () => {
    expect((await api.native.get(API.cover('x', 'horizontal'))).body).toMatch(/width="920" height="430"/);
    expect((await api.native.get(API.cover('x', 'banner'))).body).toMatch(/width="1920" height="640"/);
    expect((await api.native.get('/media/covers/x.svg')).body).toMatch(/width="600" height="800"/);
  });

  it('writes the title a seed carries, escaped, in Chinese too', async () => {
    const body = (await api.native.get(API.cover('g1~Tom & "Jerry" <Redux>', 'horizontal'))).body;
    expect(body).toContain('Tom &amp; &quot;Jerry&quot; &lt;Redux&gt;');
    expect(body).not.toContain('<Redux>');
    const chinese = (await api.native.get(API.cover('g2~灰烬之潮', 'vertical'))).body;
    expect(chinese).toContain('灰烬之潮');
    expect((await api.native.get(API.cover('no-title', 'vertical'))).body).not.toContain('<text');
  });

  it('draws a peripheral or merchandise as the product it is, a game as a scene', async () => {
    const productOf = async (seed: string) => /data-product="([a-z-]+)"/.exec((await api.native.get(API.cover(seed, 'vertical'))).body)?.[1] ?? null;
    expect(await productOf('peri-mice-m7-wireless~Emberforge M7 Wireless Mouse')).toBe('mouse');
    expect(await productOf('peri-merch-lantern-logo-hoodie~Lantern Logo Hoodie')).toBe('hoodie');
    expect(await productOf('peri-keyboards-k75~K75')).toBe('keyboard');
    expect(await productOf('peri-audio-h7-pro~H7 Pro')).toBe('headset');
    expect(await productOf('peri-controllers-c5-elite~C5 Elite')).toBe('controller');
    expect(await productOf('peri-merch-lantern-mug~Lantern Mug')).toBe('mug');
    expect(await productOf('peri-merch-something-new~Something New')).toBe('parcel');
    // A game keeps its scene: no product, and never a planet standing in for a mouse.
    expect(await productOf('ember-vale~Ember Vale')).toBeNull();
    const mouse = (await api.native.get(API.cover('peri-mice-m7-wireless~Mouse', 'horizontal'))).body;
    expect(mouse).not.toContain('-planet)"/>');
  });

  it('writes a tall cover\'s title large enough to read on a phone', async () => {
    const body = (await api.native.get(API.cover('g4~Ember Vale', 'vertical'))).body;
    // 64 of 600 units: about 17 px on a cover 160 px wide.
    expect(Number(/font-size="([\d.]+)"/.exec(body)?.[1])).toBeGreaterThanOrEqual(60);
  });

  it('wraps a long title onto at most two lines', async () => {
    const body = (await api.native.get(API.cover('g3~The Very Long Chronicle of the Sunken Copper Kingdom and Its Heirs', 'vertical'))).body;
    const lines = body.match(/<tspan/g) ?? [];
    expect(lines.length).toBe(2);
    expect(body).toContain('…');
  });

  it('answers 304 to a client holding the same picture', async () => {
    const first = await api.native.get(API.cover('etag', 'vertical'));
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const second = await api.native.get(API.cover('etag', 'vertical'), { headers: { 'if-none-match': etag } });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
    const other = await api.native.get(API.cover('etag', 'banner'), { headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
  });

  it('refuses an unknown shape or an oversized seed, and knows no other media path', async () => {
    expect((await api.native.get('/media/covers/x.svg?shape=round')).statusCode).toBe(422);
    expect((await api.native.get(`/media/covers/${'s'.repeat(161)}.svg`)).statusCode).toBe(422);
    expect((await api.native.get('/media/covers/x.png')).statusCode).toBe(404);
    expect((await api.native.get('/media/other')).statusCode).toBe(404);
  });
});
