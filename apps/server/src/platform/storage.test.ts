import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStorageKey, LocalDiskStorage } from './storage.ts';
import { S3Storage } from './storage-s3.ts';

describe('storage keys', () => {
  it('allows server-made keys and nothing that could leave the store', () => {
    expect(isStorageKey('u/12/post/0a1b2c/original.png')).toBe(true);
    for (const key of ['', '/abs', 'u//x', 'u/../x', '..', 'u/./x', 'U/x', 'u/x?y', 'u/x y', 'a\\b', `u/${'x'.repeat(600)}`]) expect(isStorageKey(key), key).toBe(false);
  });
});

describe('LocalDiskStorage', () => {
  let dir: string;
  let store: LocalDiskStorage;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lantern-storage-test-'));
    store = new LocalDiskStorage(dir);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('puts, reads as a stream, deletes, and links under /uploads/', async () => {
    await store.put('u/1/post/abc/original.png', Buffer.from('bytes'), 'image/png');
    expect(await readFile(join(dir, 'u/1/post/abc/original.png'), 'utf8')).toBe('bytes');
    const object = await store.get('u/1/post/abc/original.png');
    expect(object?.bytes).toBe(5);
    expect(await text(object!.body)).toBe('bytes');
    expect(store.publicUrl('u/1/post/abc/original.png')).toBe('/uploads/u/1/post/abc/original.png');
    await store.delete('u/1/post/abc/original.png');
    expect(await store.get('u/1/post/abc/original.png')).toBeNull();
    expect(await store.get('u/1/post/none.png')).toBeNull();
  });

  it('refuses keys that would leave its folder', async () => {
    await expect(store.put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/invalid storage key/);
    await expect(store.get('u/../../etc/passwd')).rejects.toThrow(/invalid storage key/);
  });
});

/**
 * No S3-compatible server runs on this machine's loopback (env MACHINES.md lists none), so the adapter is
 * tested through the SDK's own seam: a request handler that records the signed HTTP request the client
 * builds and answers as S3 would.
 */
describe('S3Storage', () => {
  interface Seen { method: string; hostname: string; path: string; headers: Record<string, string>; body: unknown }
  interface Answer { statusCode: number; headers?: Record<string, string>; body?: string }
  function fakeS3(answer: (req: Seen) => Answer) {
    const seen: Seen[] = [];
    const requestHandler = {
      handle: async (request: Seen) => {
        seen.push(request);
        const out = answer(request);
        return { response: { statusCode: out.statusCode, reason: '', headers: out.headers ?? {}, body: Readable.from([Buffer.from(out.body ?? '')]) } };
      },
      updateHttpClientConfig() {},
      httpHandlerConfigs: () => ({}),
    };
    return { seen, requestHandler };
  }
  const settings = {
    kind: 's3' as const, bucket: 'lantern-uploads', region: 'cn-north-1', endpoint: 'http://127.0.0.1:9000',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' }, forcePathStyle: true,
  };

  it('puts an object path-style with its type, length, a year\'s immutable cache and a v4 signature', async () => {
    const fake = fakeS3(() => ({ statusCode: 200, headers: { etag: '"x"' } }));
    const store = new S3Storage(settings, { requestHandler: fake.requestHandler });
    await store.put('u/1/post/abc/original.png', Buffer.from('png-bytes'), 'image/png');
    const [req] = fake.seen;
    expect(req).toMatchObject({ method: 'PUT', hostname: '127.0.0.1', path: '/lantern-uploads/u/1/post/abc/original.png' });
    expect(req!.headers['content-type']).toBe('image/png');
    expect(req!.headers['content-length']).toBe('9');
    expect(req!.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(req!.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/cn-north-1\/s3\/aws4_request/);
    store.destroy();
  });

  it('reads an object as a stream, answers null for a missing one, and deletes', async () => {
    const fake = fakeS3((req): Answer => {
      if (req.method === 'GET' && req.path.endsWith('/missing.png')) {
        return { statusCode: 404, headers: { 'content-type': 'application/xml' }, body: '<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>none</Message></Error>' };
      }
      if (req.method === 'GET') return { statusCode: 200, headers: { 'content-type': 'image/png', 'content-length': '4' }, body: 'data' };
      return { statusCode: 204 };
    });
    const store = new S3Storage(settings, { requestHandler: fake.requestHandler });
    const object = await store.get('u/1/post/abc/original.png');
    expect(object).toMatchObject({ bytes: 4, contentType: 'image/png' });
    expect(await text(object!.body as Readable)).toBe('data');
    expect(await store.get('u/1/post/abc/missing.png')).toBeNull();
    await store.delete('u/1/post/abc/original.png');
    expect(fake.seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /lantern-uploads/u/1/post/abc/original.png',
      'GET /lantern-uploads/u/1/post/abc/missing.png',
      'DELETE /lantern-uploads/u/1/post/abc/original.png',
    ]);
    await expect(store.put('../x', Buffer.from('x'), 'image/png')).rejects.toThrow(/invalid storage key/);
    store.destroy();
  });

  it('links to the public base when one is set, else to this server\'s /uploads/', () => {
    expect(new S3Storage(settings).publicUrl('u/1/post/a/original.png')).toBe('/uploads/u/1/post/a/original.png');
    const cdn = new S3Storage({ ...settings, publicUrl: 'https://img.example.com' });
    expect(cdn.publicUrl('u/1/post/a/original.png')).toBe('https://img.example.com/u/1/post/a/original.png');
    expect(cdn.publicBases).toEqual(['https://img.example.com']);
  });
});
