import { loadConfig } from '../../src/config.ts';
import { compose, type Composed } from '../../src/platform/compose.ts';
import type { TestApp } from '../../test/support/harness.ts';
import { makeAccount, makeSku } from '../../test/support/catalog-factories.ts';
import { stockKeys, steamCodes } from '../../test/support/keys-factories.ts';
import { fundWallet } from '../../test/support/payments-factories.ts';
import { FAULT_APP_SECRET } from './instance.ts';

/**
 * The tier's own handle on the store's database, for seeding what the rushes need with the server tests'
 * factories (accounts signed in, wallets, a game with keys): the application's services composed in this
 * process on the private PostgreSQL, with no Redis and no jobs. Composing it applies the migrations, once,
 * before any instance starts.
 */
export interface World {
  readonly seeding: TestApp;
  close(): Promise<void>;
}

export async function openWorld(databaseUrl: string): Promise<World> {
  const config = loadConfig({ NODE_ENV: 'test', APP_SECRET: FAULT_APP_SECRET, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', SEED_DEMO: 'never' });
  const composed: Composed = await compose(config);
  // The factories read `deps` and `clock`; nothing else of a test app is used.
  const seeding = { deps: composed.deps, clock: composed.deps.clock, database: composed.database } as unknown as TestApp;
  return { seeding, close: () => composed.close() };
}

export interface Buyer {
  id: number;
  token: string;
}

/** Buyers on the mainland site, signed in, each with `balance` in their CNY wallet (0: no wallet top-up). */
export async function buyers(world: World, count: number, balance: number): Promise<Buyer[]> {
  const made: Buyer[] = [];
  for (let i = 0; i < count; i += 20) {
    const batch = await Promise.all(Array.from({ length: Math.min(20, count - i) }, () => makeAccount(world.seeding)));
    if (balance > 0) await Promise.all(batch.map((b) => fundWallet(world.seeding, b.id, 'CNY', balance)));
    made.push(...batch);
  }
  return made;
}

/** A mainland SKU on sale at `price` with `keys` keys in its pool: a game, or a virtual good (a flash sale's). */
export async function skuWithKeys(world: World, kind: 'game' | 'virtual', price: number, keys: number, label: string) {
  const sku = await makeSku(world.seeding, { listPrice: price, product: { cate: kind, kind } });
  for (let i = 0; i < keys; i += 500) await stockKeys(world.seeding, sku.id, steamCodes(Math.min(500, keys - i), `${label}${sku.id}X`));
  return sku;
}

/** An admin signed in on the mainland site (to put a flash sale on through the staff API). */
export function admin(world: World): Promise<Buyer> {
  return makeAccount(world.seeding, { role: 'admin' });
}
