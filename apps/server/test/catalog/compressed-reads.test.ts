import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app.ts';

const { api } = useTestApp();

describe('shared catalogue reads', () => {
  for (const path of ['/api/v7/home', '/api/custom/packs?ids[]=1', '/api/search/skus?keyword=x', '/api/search/autocomplete?keyword=x']) {
    it(`${path} answers gzip to a client that accepts it, and the same JSON to one that does not`, async () => {
      const plain = await api.native.get(path);
      const zipped = await api.native.get(path, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toContain('accept-encoding');
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    });
  }
});
