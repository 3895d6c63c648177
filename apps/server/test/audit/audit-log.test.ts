import { beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { auditLog } from '../../src/platform/db/platform-tables.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();
let staff: { id: number; token: string };
beforeAll(async () => {
  staff = await makeAccount(t, { role: 'staff' });
});

/** The audit rows for a route, newest first. They are written just after the answer, so they are polled for. */
const rowsFor = (route: string) => t.deps.db.select().from(auditLog).where(eq(auditLog.route, route)).orderBy(desc(auditLog.id));

describe('audit log of the staff API', () => {
  it('records a staff action: who, what, when, from where and how it ended', async () => {
    const sku = await makeSku(t);
    const res = await api.native.post(`/api/admin/skus/${sku.id}/keys`, { keys: { key_type: 'steam', codes: ['AUDIT-SECRET-00001', 'AUDIT-SECRET-00002'], note: 'spring' } }, {
      token: staff.token, ip: '198.51.100.44', headers: { 'user-agent': 'staff-console/1.0' }, query: { key_type: 'steam' },
    });
    expect(res.statusCode).toBe(201);
    await expect.poll(async () => (await rowsFor('/api/admin/skus/:id/keys')).length).toBe(1);
    const [row] = await rowsFor('/api/admin/skus/:id/keys');
    expect(row).toMatchObject({
      accountId: staff.id,
      role: 'staff',
      method: 'POST',
      params: { id: sku.id },
      query: { key_type: 'steam' },
      body: { keys: { key_type: 'steam', codes: { items: 2, values: '[redacted]' }, note: 'spring' } },
      status: 201,
      ip: '198.51.100.44',
      userAgent: 'staff-console/1.0',
      createdAt: expect.any(Date),
    });
    expect(JSON.stringify(row)).not.toContain('AUDIT-SECRET');
  });

  it('records refused requests too: a user who is not staff (403) and a guest (401)', async () => {
    const user = await makeAccount(t);
    const route = '/api/admin/accounts/:id/purchase_ban';
    const refused = await api.native.call('PATCH', `/api/admin/accounts/${user.id}/purchase_ban`, { purchase_ban: { banned: true } }, { token: user.token });
    expect(refused.statusCode).toBe(403);
    const guest = await api.native.call('PATCH', `/api/admin/accounts/${user.id}/purchase_ban`, { purchase_ban: { banned: true } });
    expect(guest.statusCode).toBe(401);
    await expect.poll(async () => (await rowsFor(route)).length).toBe(2);
    const rows = await rowsFor(route);
    expect(rows.find((r) => r.status === 403)).toMatchObject({ accountId: user.id, role: 'user', body: { purchase_ban: { banned: true } } });
    expect(rows.find((r) => r.status === 401)).toMatchObject({ accountId: null, role: null });
  });

  it('records a request carrying characters no database text can hold, shown as replacement characters', async () => {
    const route = '/api/admin/coupons';
    const res = await api.native.post(route, { coupon: { title: 'bad\u0000title', note: 'x\ud800' } }, { token: staff.token });
    expect(res.statusCode).toBe(422);
    await expect.poll(async () => (await rowsFor(route)).filter((r) => r.status === 422).length).toBe(1);
    const [row] = (await rowsFor(route)).filter((r) => r.status === 422);
    expect(row!.body).toEqual({ coupon: { title: 'bad\uFFFDtitle', note: 'x\uFFFD' } });
  });

  it('counts a key file without keeping it, and records a probe of a staff path that does not exist', async () => {
    const sku = await makeSku(t);
    const file = 'FILE1-SECRET-00001\nFILE1-SECRET-00002\n';
    const res = await api.native.post(`/api/admin/skus/${sku.id}/keys`, file, { token: staff.token, headers: { 'content-type': 'text/plain' } });
    expect(res.statusCode).toBe(201);
    const probe = await api.native.get('/api/admin/secrets', { token: staff.token });
    expect(probe.statusCode).toBe(404);
    await expect.poll(async () => (await rowsFor('/api/admin/secrets')).length).toBe(1);
    await expect.poll(async () => (await rowsFor('/api/admin/skus/:id/keys')).length).toBe(2);
    const [fileRow] = await rowsFor('/api/admin/skus/:id/keys');
    expect(fileRow!.body).toEqual({ text_bytes: Buffer.byteLength(file) });
  });

  it('does not record requests outside the staff API', async () => {
    const before = (await t.deps.db.select().from(auditLog)).length;
    const me = await api.native.get('/api/me', { token: staff.token });
    expect(me.statusCode).toBe(200);
    // A staff request after it is recorded; the one before it is not.
    await api.native.get('/api/admin/skus/1/keys/stock', { token: staff.token });
    await expect.poll(async () => (await t.deps.db.select().from(auditLog)).length).toBe(before + 1);
    expect((await t.deps.db.select().from(auditLog).where(eq(auditLog.route, '/api/me'))).length).toBe(0);
  });
});

describe('GET /api/admin/audit', () => {
  it('lists the log newest first, one account at a time if asked, for admins only', async () => {
    const admin = await makeAccount(t, { role: 'admin' });
    const newestOfStaff = async () => (await t.deps.db.select().from(auditLog).where(eq(auditLog.accountId, staff.id)).orderBy(desc(auditLog.id)).limit(1))[0]?.route;
    expect((await api.native.get('/api/admin/audit', { token: staff.token })).statusCode).toBe(403);
    await expect.poll(newestOfStaff).toBe('/api/admin/audit');
    await api.native.get('/api/admin/skus/1/keys/stock', { token: staff.token });
    await expect.poll(newestOfStaff).toBe('/api/admin/skus/:id/keys/stock');
    const res = await api.native.get('/api/admin/audit', { token: admin.token, query: { account_id: String(staff.id), per: '2' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toMatchObject({ page: 1, per: 2, total_count: expect.any(Number) });
    expect(body.audit_entries).toHaveLength(2);
    expect(body.audit_entries[0]).toMatchObject({ account_id: staff.id, role: 'staff', method: 'GET', route: '/api/admin/skus/:id/keys/stock', status: expect.any(Number) });
    expect(body.audit_entries[1]).toMatchObject({ route: '/api/admin/audit', status: 403 });
    expect(body.audit_entries[0].id).toBeGreaterThan(body.audit_entries[1].id);
    expect(JSON.stringify(body)).not.toContain('SECRET');
  });
});
