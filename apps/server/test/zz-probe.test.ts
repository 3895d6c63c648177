import { afterAll, beforeAll, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';
import { clients } from './client.ts';
import { signUpByEmail } from './factories.ts';

let t: TestApp;
let api: ReturnType<typeof clients>;
beforeAll(async () => { t = await createTestApp(); api = clients(t); });
afterAll(() => t.close());

it('probe', async () => {
  const u = await signUpByEmail(t, api.abroad);
  const show = (label: string, r: { statusCode: number; body: string }) => console.log(label, r.statusCode, r.body.slice(0, 300));
  show('bday 02-30', await api.abroad.patch('/api/me', { account: { birthday: '2021-02-30' } }, { token: u.token }));
  show('bday 0000', await api.abroad.patch('/api/me', { account: { birthday: '0000-01-01' } }, { token: u.token }));
  show('intro NUL', await api.abroad.patch('/api/me', { account: { introduction: 'a\u0000b' } }, { token: u.token }));
  show('nick NUL', await api.abroad.patch('/api/me', { account: { nickname: 'a\u0000b' } }, { token: u.token }));
  show('login NUL', await api.abroad.post('/api/access_token', { access_token: { login: 'a\u0000b', password: 'x' } }));
  show('localhost:3001', await t.app.inject({ method: 'GET', url: '/api/v1/fetch_region', headers: { host: 'localhost:3001' } }));
  show('no body', await t.app.inject({ method: 'POST', url: '/api/message', headers: { host: 'localhost:3001' } }));
  show('null', await t.app.inject({ method: 'POST', url: '/api/message', headers: { 'content-type': 'application/json' }, payload: 'null' }));
  show('empty json', await t.app.inject({ method: 'POST', url: '/api/message', headers: { 'content-type': 'application/json' }, payload: '' }));
  show('deep', await t.app.inject({ method: 'POST', url: '/api/message', headers: { 'content-type': 'application/json' }, payload: '{"message":' + '['.repeat(200000) + ']'.repeat(200000) + '}' }));
  show('text', await t.app.inject({ method: 'POST', url: '/api/message', headers: { 'content-type': 'text/plain' }, payload: 'hello' }));
  show('users noq', await api.abroad.get('/api/users'));
  show('users', await api.abroad.get('/api/users?q[id_in][]=1&q[id_in][]=abc'));
  show('districts.json', await api.abroad.get('/districts.json'));
  show('DELETE twice', await api.abroad.delete('/api/access_token', { token: u.token }));
  show('DELETE twice', await api.abroad.delete('/api/access_token', { token: u.token }));
});
