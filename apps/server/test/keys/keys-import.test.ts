import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { makePaidOrder } from '../support/keys-factories.ts';
import { importKeys } from '../../src/modules/keys/import.ts';
import { parseCodesText, splitCsvLine } from '../../src/modules/keys/codes-file.ts';
import { parseImportArgs } from '../../src/commands/import-keys-args.ts';
import { gameKeys, keyBatches, keyDeliveries } from '../../src/modules/keys/tables.ts';
import { AppError } from '../../src/platform/errors.ts';
import { useTestApp } from '../support/test-app.ts';

const { t } = useTestApp();

const reasonOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, errors: err.errors };
    throw err;
  }
  throw new Error('expected a refusal');
};

describe('importKeys', () => {
  it('trims, skips blanks and duplicates (in the input and already in the pool), and records the batch', async () => {
    const staff = await makeAccount(t, { role: 'staff' });
    const sku = await makeSku(t);
    const first = await importKeys(t.deps, { skuId: sku.id, keyType: 'steam', codes: [' AAAAA-11111-BBBBB ', '', '   ', 'CCCCC-22222-DDDDD', 'AAAAA-11111-BBBBB'], source: 'api', importedBy: staff.id, note: 'first' });
    expect(first).toMatchObject({ sku_id: sku.id, added: 2, skipped: 1, delivered: 0 });
    const second = await importKeys(t.deps, { skuId: sku.id, codes: ['CCCCC-22222-DDDDD', 'EEEEE-33333-FFFFF'], source: 'csv', importedBy: null });
    expect(second).toMatchObject({ added: 1, skipped: 1 });

    const keys = await t.deps.db.select().from(gameKeys).where(eq(gameKeys.skuId, sku.id)).orderBy(asc(gameKeys.id));
    expect(keys.map((k) => t.deps.secrets.decrypt(k.codeEnc))).toEqual(['AAAAA-11111-BBBBB', 'CCCCC-22222-DDDDD', 'EEEEE-33333-FFFFF']);
    expect(keys.every((k) => k.state === 'available' && k.keyType === 'steam' && !k.codeEnc.includes('AAAAA'))).toBe(true);
    const batches = await t.deps.db.select().from(keyBatches).where(eq(keyBatches.skuId, sku.id)).orderBy(asc(keyBatches.id));
    expect(batches.map((b) => [b.source, b.added, b.skipped, b.importedBy, b.note])).toEqual([['api', 2, 1, staff.id, 'first'], ['csv', 1, 1, null, '']]);
  });

  it('lets the same code sit in the pools of two SKUs (unique per SKU)', async () => {
    const a = await makeSku(t);
    const b = await makeSku(t);
    expect((await importKeys(t.deps, { skuId: a.id, codes: ['SHARE-DCODE-00001'], source: 'api', importedBy: null })).added).toBe(1);
    expect((await importKeys(t.deps, { skuId: b.id, codes: ['SHARE-DCODE-00001'], source: 'api', importedBy: null })).added).toBe(1);
  });

  it("takes the SKU's key type unless told, other when the SKU has none", async () => {
    const uplay = await makeSku(t, { keyType: 'uplay' });
    const none = await makeSku(t, { product: { cate: 'virtual', kind: 'virtual' }, keyType: null });
    await importKeys(t.deps, { skuId: uplay.id, codes: ['UPLA-Y000-0000-0001'], source: 'api', importedBy: null });
    await importKeys(t.deps, { skuId: none.id, codes: ['GIFT-0000-0001'], source: 'api', importedBy: null });
    expect((await t.deps.db.select().from(gameKeys).where(eq(gameKeys.skuId, uplay.id)))[0]!.keyType).toBe('uplay');
    expect((await t.deps.db.select().from(gameKeys).where(eq(gameKeys.skuId, none.id)))[0]!.keyType).toBe('other');
  });

  it('fills waiting lines oldest first, pre-orders included', async () => {
    const sku = await makeSku(t);
    const buyers = [await makeAccount(t), await makeAccount(t), await makeAccount(t)];
    const orders: number[] = [];
    for (const b of buyers) {
      orders.push(await makePaidOrder(t, b.id, [sku]));
      t.clock.advance(1);
    }
    const result = await importKeys(t.deps, { skuId: sku.id, codes: ['FILLA-00000-00001', 'FILLA-00000-00002'], source: 'api', importedBy: null });
    expect(result).toMatchObject({ added: 2, delivered: 2 });
    const rows = await t.deps.db.select().from(keyDeliveries).where(eq(keyDeliveries.skuId, sku.id)).orderBy(asc(keyDeliveries.createdAt));
    expect(rows.map((r) => [r.orderId, r.state])).toEqual([[orders[0], 'delivered'], [orders[1], 'delivered'], [orders[2], 'ordering']]);
    const keys = await t.deps.db.select().from(gameKeys).where(eq(gameKeys.skuId, sku.id)).orderBy(asc(gameKeys.id));
    expect(keys.map((k) => k.accountId)).toEqual([buyers[0]!.id, buyers[1]!.id]);

    const upcoming = await makeSku(t, { status: 'pre_sale', releasedAt: new Date(t.clock.now().getTime() + 86_400_000) });
    const early = await makePaidOrder(t, buyers[0]!.id, [upcoming]);
    t.clock.advance(1);
    const late = await makePaidOrder(t, buyers[1]!.id, [upcoming]);
    expect(await importKeys(t.deps, { skuId: upcoming.id, codes: ['PREOR-DER00-00001'], source: 'api', importedBy: null })).toMatchObject({ delivered: 1 });
    const pre = await t.deps.db.select().from(keyDeliveries).where(eq(keyDeliveries.skuId, upcoming.id));
    expect(new Map(pre.map((r) => [r.orderId, r.state]))).toEqual(new Map([[early, 'delivered'], [late, 'pre_ordered']]));
  });

  it('refuses nothing to import (blank), too long a code, an unknown SKU and a SKU without keys', async () => {
    const sku = await makeSku(t);
    const mouse = await makeSku(t, { product: { cate: 'physical', kind: 'peripheral' }, keyType: null });
    expect(await reasonOf(importKeys(t.deps, { skuId: sku.id, codes: ['', '  '], source: 'api', importedBy: null }))).toEqual({ status: 422, errors: { codes: ['blank'] } });
    expect(await reasonOf(importKeys(t.deps, { skuId: sku.id, codes: ['X'.repeat(201)], source: 'api', importedBy: null }))).toEqual({ status: 422, errors: { codes: ['too_long'] } });
    expect(await reasonOf(importKeys(t.deps, { skuId: 987654321, codes: ['A'], source: 'api', importedBy: null }))).toEqual({ status: 404, errors: { sku: ['not_found'] } });
    expect(await reasonOf(importKeys(t.deps, { skuId: mouse.id, codes: ['A'], source: 'api', importedBy: null }))).toEqual({ status: 422, errors: { sku: ['not_keyed'] } });
  });
});

describe('key files', () => {
  it('read one code per line, with an optional header', () => {
    expect(parseCodesText('AAAAA-1\r\nBBBBB-2\n\nCCCCC-3\n')).toEqual(['AAAAA-1', 'BBBBB-2', '', 'CCCCC-3', '']);
    expect(parseCodesText('\uFEFFcode\nAAAAA-1\n')).toEqual(['AAAAA-1', '']);
    expect(parseCodesText('')).toEqual([]);
  });

  it('read the code column of a CSV, quoted fields included', () => {
    expect(parseCodesText('id,Code,note\n1,AAAAA-1,first\n2,"BBB,BB-2","say ""hi"""\n')).toEqual(['AAAAA-1', 'BBB,BB-2', '']);
    expect(splitCsvLine(' a , "b ""c""" ,')).toEqual(['a', 'b "c"', '']);
    expect(parseCodesText('AAAAA-1,extra\nBBBBB-2,extra')).toEqual(['AAAAA-1', 'BBBBB-2']);
  });
});

describe('npm run keys:import arguments', () => {
  it('read --sku, --type, --file (relative to the caller) and --note', () => {
    expect(parseImportArgs(['--sku', '12', '--type', 'uplay', '--file', 'keys.csv', '--note', 'march'], '/home/me')).toEqual({ skuId: 12, keyType: 'uplay', file: '/home/me/keys.csv', note: 'march' });
    expect(parseImportArgs(['--sku', '12', '--file', '/tmp/k.txt'], '/x')).toMatchObject({ skuId: 12, keyType: undefined, file: '/tmp/k.txt' });
  });

  it('refuse a missing or bad SKU, a missing file, an unknown type or option', () => {
    expect(() => parseImportArgs(['--file', 'k'], '/')).toThrow(/--sku/);
    expect(() => parseImportArgs(['--sku', 'abc', '--file', 'k'], '/')).toThrow(/--sku/);
    expect(() => parseImportArgs(['--sku', '1'], '/')).toThrow(/--file/);
    expect(() => parseImportArgs(['--sku', '1', '--file', 'k', '--type', 'xbox'], '/')).toThrow(/--type/);
    expect(() => parseImportArgs(['--sku', '1', '--file', 'k', '--force'], '/')).toThrow();
  });
});
