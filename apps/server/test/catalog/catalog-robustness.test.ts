import { beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, makeContent, makeSku, makeTag } from '../support/catalog-factories.ts';
import { useTestApp } from '../support/test-app.ts';

/** Bad input on every catalogue, storefront and shop read gets a 4xx, never a 5xx (docs/product/README.md#errors). */

const { t, api } = useTestApp();
let token: string;
beforeAll(async () => {
  const tag = await makeTag(t, { kind: 'peri' });
  const sku = await makeSku(t, { tagIds: [tag.id] });
  await makeContent(t, { kind: 'booth', relations: [{ targetType: 'sku', targetId: sku.id }] });
  token = (await makeAccount(t, { role: 'staff' })).token;
});

const PATHS = [
  '/api/skus/{x}', '/api/skus/{x}/service', '/api/products/{x}', '/api/v7/booths/{x}', '/api/v7/boxes/{x}', '/api/peripheral/peri_tags/{x}',
  '/api/me/wishes/{x}',
];
const IDS = ['abc', '-1', '0', '1.5', '1e3', '99999999999999999999', '%00', '%27%20or%201%3D1', '[]', 'NaN', 'Infinity'];
const QUERIES = [
  'per=-1', 'per=1e9', 'per=abc', 'page=-3', 'page=1e99', 'region[]=cn', `region=${'x'.repeat(17)}`, 'q=1', 'q[id_in][a]=1', 'q[id_in][]=', 'q[s][]=rank',
  'order[]=rank', 'direction[x]=1', 'keyword[]=a', 'ids=', 'ids[]=-1', 'kind[]=x', 'shop=x', 'shape=x', 'type[]=simple',
];
const LISTS = [
  '/api/search/skus', '/api/search/autocomplete', '/api/skus', '/api/suggest/skus', '/api/v7/home', '/api/springboard', '/api/cubes', '/api/ellipses',
  '/api/custom/layouts', '/api/custom/packs', '/api/custom/layouts/preview', '/api/custom/packs/preview', '/api/peripheral', '/api/peri_home',
  '/api/peripheral/nav_items', '/api/categories', '/api/peri_tags', '/api/tags/timestamp', '/api/server_switch', '/api/me/wishes', '/media/covers/x.svg',
];

describe('malformed requests', () => {
  it('answer ids that are not ids with a 4xx', async () => {
    for (const path of PATHS) {
      for (const id of IDS) {
        const url = path.replace('{x}', id);
        for (const method of ['GET', 'PUT', 'DELETE'] as const) {
          if (method !== 'GET' && !path.startsWith('/api/me/wishes')) continue;
          const res = await api.native.call(method, url, undefined, { token });
          expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
        }
      }
    }
  });

  it('answer malformed query strings with a 2xx or a 4xx, never a 5xx', async () => {
    for (const path of LISTS) {
      for (const query of QUERIES) {
        const res = await api.abroad.get(`${path}?${query}`, { token });
        expect(res.statusCode, `${path}?${query}: ${res.body}`).toBeLessThan(500);
      }
    }
  });

  it('answer every search keyword, however strange, without a 5xx', async () => {
    for (const keyword of ['%', '_', '\\', "'", '"', '%%%%', '\\%', '(', '[a-z]', '😀', '灯', ' ', 'a'.repeat(100), 'ＡＢＣ', '<script>', 'null', '--']) {
      for (const path of ['/api/search/skus', '/api/search/autocomplete']) {
        const res = await api.native.get(`${path}?keyword=${encodeURIComponent(keyword)}`);
        expect(res.statusCode, `${path} ${keyword}: ${res.body}`).toBe(200);
      }
    }
  });
});
