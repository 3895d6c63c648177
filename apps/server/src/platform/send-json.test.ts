import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, PreparedJson } from './send-json.ts';

describe('PreparedJson', () => {
  it('keeps the JSON as bytes and its gzip form, made once', () => {
    const prepared = new PreparedJson(JSON.stringify({ name: '灯笼', n: 1 }));
    expect(prepared.json).toBe('{"name":"灯笼","n":1}');
    expect(prepared.body.equals(Buffer.from('{"name":"灯笼","n":1}'))).toBe(true);
    expect(prepared.gzip()).toBe(prepared.gzip());
    expect(gunzipSync(prepared.gzip()).toString('utf8')).toBe(prepared.json);
  });
});

describe('acceptsGzip', () => {
  it('reads Accept-Encoding as browsers and clients send it', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('gzip;q=0.001')).toBe(true);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('br, gzip; q=0.000')).toBe(false);
  });
});
