import { beforeAll, describe, expect, it } from 'vitest';
import type { Districts } from '@lantern/contract';
import { signUpByEmail, type SignedUp } from '../support/factories.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();
let districts: Districts;
beforeAll(async () => {
  districts = (await api.native.get('/districts')).json();
});

/** A real province → city → district path from GET /districts. */
function path(provinceIndex = 18, cityIndex = 2, areaIndex = 1) {
  const prov = districts.provinces[provinceIndex]!;
  const city = prov.cities[cityIndex % prov.cities.length]!;
  const area = city.areas[areaIndex % city.areas.length]!;
  return { prov, city, area };
}

function mainland(overrides: Record<string, unknown> = {}) {
  const { prov, city, area } = path();
  return { name: '李雷', phone_number: '13800138000', prov_id: prov.id, city_id: city.id, area_id: area.id, address: '科技园 1 号', postcode: '518000', ...overrides };
}

function international(overrides: Record<string, unknown> = {}) {
  return { name: 'Jane Doe', phone_number: '+1 415 555 0100', country_code: 'US', region_text: 'California, San Jose', address: '1 Main St', postcode: '95113', ...overrides };
}

const create = (user: SignedUp, site: 'native' | 'abroad', detailed_address: Record<string, unknown>) => api[site].post('/api/me/detailed_addresses', { detailed_address }, { token: user.token });
const list = async (user: SignedUp, site: 'native' | 'abroad' = 'native') => (await api[site].get('/api/me/detailed_addresses', { token: user.token })).json();

describe('GET /districts', () => {
  it('lists mainland provinces with cities with areas, and the countries', async () => {
    const res = await api.abroad.get('/districts');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const body = res.json() as Districts;
    expect(body.provinces.length).toBeGreaterThanOrEqual(31);
    const beijing = body.provinces.find((p) => p.id === '11')!;
    expect(beijing.name).toBe('北京市');
    expect(beijing.cities[0]!.areas).toContainEqual({ id: '110108', name: '海淀区' });
    for (const p of body.provinces) {
      expect(p.cities.length, p.name).toBeGreaterThan(0);
      for (const c of p.cities) expect(c.areas.length, c.name).toBeGreaterThan(0);
    }
    expect(body.countries).toContainEqual(expect.objectContaining({ code: 'US', name: 'United States' }));
    expect(body.countries.some((c) => c.code === 'CN')).toBe(true);
  });
});

describe('/api/me/detailed_addresses', () => {
  it('creates a mainland address on a real district path, named from /districts, the first one default', async () => {
    const user = await signUpByEmail(t, api.native);
    const { prov, city, area } = path();
    const res = await create(user, 'native', mainland({ phone_number: '+86 138-0013-8000' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: '李雷',
      phone_number: '13800138000',
      country_code: 'CN',
      prov: { id: prov.id, name: prov.name },
      city: { id: city.id, name: city.name },
      area: { id: area.id, name: area.name },
      region_text: '',
      address: '科技园 1 号',
      postcode: '518000',
      is_default: true,
    });
    const all = await list(user);
    expect(all).toEqual({ detailed_addresses: [res.json()], meta: { total_count: 1, page: 1, per: 1 } });
  });

  it('refuses a path that does not hold together, and missing ids', async () => {
    const user = await signUpByEmail(t, api.native);
    const a = path(18, 2, 1);
    const b = path(5, 0, 0);
    const mixed = await create(user, 'native', mainland({ prov_id: a.prov.id, city_id: a.city.id, area_id: b.area.id }));
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json()).toEqual({ errors: { area_id: ['invalid'] } });
    const wrongProvince = await create(user, 'native', mainland({ prov_id: b.prov.id, city_id: a.city.id, area_id: a.area.id }));
    expect(wrongProvince.json()).toEqual({ errors: { area_id: ['invalid'] } });
    const missing = await create(user, 'native', { name: '李雷', phone_number: '13800138000', address: 'x' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ errors: { prov_id: ['blank'], city_id: ['blank'], area_id: ['blank'] } });
    const phone = await create(user, 'native', mainland({ phone_number: '12345' }));
    expect(phone.json()).toEqual({ errors: { phone_number: ['invalid'] } });
    expect((await list(user)).detailed_addresses).toEqual([]);
  });

  it('creates an international address with a country and a region text', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const res = await create(user, 'abroad', international({ country_code: 'us' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ country_code: 'US', phone_number: '+14155550100', prov: null, city: null, area: null, region_text: 'California, San Jose', is_default: true });
    // A mainland user may ship abroad too.
    const nativeUser = await signUpByEmail(t, api.native);
    expect((await create(nativeUser, 'native', international())).statusCode).toBe(201);
  });

  it('refuses an unknown country, and a missing country or region abroad', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const unknown = await create(user, 'abroad', international({ country_code: 'ZZ' }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ errors: { country_code: ['invalid'] } });
    const { country_code: _, ...noCountry } = international();
    expect((await create(user, 'abroad', noCountry)).json()).toEqual({ errors: { country_code: ['blank'] } });
    expect((await create(user, 'abroad', international({ region_text: '  ' }))).json()).toEqual({ errors: { region_text: ['blank'] } });
    expect((await create(user, 'abroad', international({ country_code: 'USA' }))).json()).toEqual({ errors: { country_code: ['too_long'] } });
  });

  it('keeps one default: a new default clears the old one, and so does PATCH', async () => {
    const user = await signUpByEmail(t, api.native);
    const first = (await create(user, 'native', mainland())).json();
    const second = (await create(user, 'native', mainland({ name: '二号' }))).json();
    expect(second.is_default).toBe(false);
    const third = (await create(user, 'native', mainland({ name: '三号', is_default: true }))).json();
    expect(third.is_default).toBe(true);
    let all = (await list(user)).detailed_addresses;
    expect(all.map((a: { id: number; is_default: boolean }) => [a.id, a.is_default])).toEqual([
      [third.id, true],
      [first.id, false],
      [second.id, false],
    ]);

    const patched = await api.native.patch(`/api/me/detailed_addresses/${second.id}`, { detailed_address: { is_default: true } }, { token: user.token });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ id: second.id, name: '二号', is_default: true });
    all = (await list(user)).detailed_addresses;
    expect(all.filter((a: { is_default: boolean }) => a.is_default).map((a: { id: number }) => a.id)).toEqual([second.id]);
  });

  it('updates an address in part, checking the merged result', async () => {
    const user = await signUpByEmail(t, api.native);
    const created = (await create(user, 'native', mainland())).json();
    const other = path(3, 1, 2);
    const res = await api.native.patch(`/api/me/detailed_addresses/${created.id}`, {
      detailed_address: { name: '韩梅梅', prov_id: other.prov.id, city_id: other.city.id, area_id: other.area.id },
    }, { token: user.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, name: '韩梅梅', address: '科技园 1 号', prov: { id: other.prov.id }, area: { id: other.area.id, name: other.area.name } });

    const broken = await api.native.patch(`/api/me/detailed_addresses/${created.id}`, { detailed_address: { area_id: path(18, 2, 1).area.id } }, { token: user.token });
    expect(broken.statusCode).toBe(422);
    expect(broken.json()).toEqual({ errors: { area_id: ['invalid'] } });

    const abroad = await api.native.patch(`/api/me/detailed_addresses/${created.id}`, {
      detailed_address: { country_code: 'JP', region_text: 'Tokyo', phone_number: '+81 90 1234 5678' },
    }, { token: user.token });
    expect(abroad.statusCode).toBe(200);
    expect(abroad.json()).toMatchObject({ country_code: 'JP', prov: null, city: null, area: null, region_text: 'Tokyo' });
    expect((await list(user)).detailed_addresses[0]).toEqual(abroad.json());
  });

  it('deletes an address', async () => {
    const user = await signUpByEmail(t, api.native);
    const created = (await create(user, 'native', mainland())).json();
    const res = await api.native.delete(`/api/me/detailed_addresses/${created.id}`, { token: user.token });
    expect(res.statusCode).toBe(204);
    expect((await list(user)).detailed_addresses).toEqual([]);
    const again = await api.native.delete(`/api/me/detailed_addresses/${created.id}`, { token: user.token });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ errors: { base: ['not_found'] } });
  });

  it('hides another account’s addresses: 404 on PATCH and DELETE, absent from the list', async () => {
    const owner = await signUpByEmail(t, api.native);
    const stranger = await signUpByEmail(t, api.native);
    const created = (await create(owner, 'native', mainland())).json();
    const patch = await api.native.patch(`/api/me/detailed_addresses/${created.id}`, { detailed_address: { name: 'mine now' } }, { token: stranger.token });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toEqual({ errors: { base: ['not_found'] } });
    const del = await api.native.delete(`/api/me/detailed_addresses/${created.id}`, { token: stranger.token });
    expect(del.statusCode).toBe(404);
    expect((await list(stranger)).detailed_addresses).toEqual([]);
    expect((await list(owner)).detailed_addresses).toEqual([created]);
  });

  it('holds at most 20 addresses: out_limit', async () => {
    const user = await signUpByEmail(t, api.native);
    for (let i = 0; i < 20; i++) expect((await create(user, 'native', mainland({ name: `地址${i}` }))).statusCode).toBe(201);
    const res = await create(user, 'native', mainland());
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { base: ['out_limit'] }, meta: { limit: 20 } });
    expect((await list(user)).meta.total_count).toBe(20);
  });

  it('refuses a bad id and answers 401 without a session', async () => {
    const user = await signUpByEmail(t, api.native);
    expect((await api.native.patch('/api/me/detailed_addresses/abc', { detailed_address: {} }, { token: user.token })).statusCode).toBe(422);
    expect((await api.native.delete('/api/me/detailed_addresses/0', { token: user.token })).statusCode).toBe(422);
    const calls = [
      api.native.get('/api/me/detailed_addresses'),
      api.native.post('/api/me/detailed_addresses', { detailed_address: mainland() }),
      api.native.patch('/api/me/detailed_addresses/1', { detailed_address: { name: 'x' } }),
      api.native.delete('/api/me/detailed_addresses/1'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ errors: { base: ['unauthorized'] } });
    }
  });
});
