import pg from 'pg';

/**
 * The store's money, key and stock invariants, read in SQL straight from the database after a fault
 * (docs/operations.md#fault-invariants). Each query answers the rows that break its rule; every
 * rule holds when all answer none.
 */
const RULES: Record<string, string> = {
  'no key is given twice (one code, one assigned key per SKU)': `
    SELECT sku_id, code_hash, count(*) AS n FROM game_keys WHERE state = 'assigned' GROUP BY sku_id, code_hash HAVING count(*) > 1`,
  'a key is assigned only to a line of a completed order, to its buyer': `
    SELECT k.id FROM game_keys k JOIN order_games g ON g.id = k.order_game_id JOIN orders o ON o.id = g.order_id
     WHERE k.state = 'assigned' AND (o.state <> 'completed' OR k.account_id <> o.account_id)`,
  'every unit of a completed order has its key, delivered once': `
    SELECT g.id, g.quantity, count(k.id) AS keys FROM order_games g JOIN orders o ON o.id = g.order_id AND o.state = 'completed'
      LEFT JOIN game_keys k ON k.order_game_id = g.id AND k.state = 'assigned'
     GROUP BY g.id, g.quantity HAVING count(k.id) <> g.quantity`,
  'key pool counts: every key a batch added is still in the pool, as available, assigned or void': `
    SELECT b.sku_id, sum(b.added) AS added, (SELECT count(*) FROM game_keys k WHERE k.sku_id = b.sku_id) AS keys
      FROM key_batches b GROUP BY b.sku_id HAVING sum(b.added) <> (SELECT count(*) FROM game_keys k WHERE k.sku_id = b.sku_id)`,
  'no order is paid twice (one succeeded payment, one wallet debit)': `
    SELECT order_id FROM payments WHERE state = 'succeeded' GROUP BY order_id HAVING count(*) > 1
    UNION ALL SELECT order_id FROM wallet_entries WHERE reason = 'order_payment' GROUP BY order_id HAVING count(*) > 1`,
  'a completed order has its succeeded payment, and a succeeded payment its completed order': `
    SELECT o.id FROM orders o WHERE o.state = 'completed' AND o.total_amount > 0
       AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.state = 'succeeded')
    UNION ALL SELECT p.order_id FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.state = 'succeeded' AND o.state <> 'completed'`,
  'a wallet payment took exactly the order total': `
    SELECT e.order_id FROM wallet_entries e JOIN orders o ON o.id = e.order_id WHERE e.reason = 'order_payment' AND -e.delta <> o.total_amount`,
  'every wallet balance equals the sum of its ledger, and its last entry': `
    SELECT w.account_id, w.currency, w.balance, coalesce(sum(e.delta), 0) AS ledger FROM wallets w
      LEFT JOIN wallet_entries e ON e.account_id = w.account_id AND e.currency = w.currency
     GROUP BY w.account_id, w.currency, w.balance
    HAVING w.balance <> coalesce(sum(e.delta), 0)
        OR w.balance <> coalesce((SELECT l.balance_after FROM wallet_entries l WHERE l.account_id = w.account_id AND l.currency = w.currency ORDER BY l.id DESC LIMIT 1), 0)`,
  'no wallet below zero': `SELECT account_id FROM wallets WHERE balance < 0`,
  'flash sale: units held (not given back) plus units left equal the stock, never more sold than stock': `
    SELECT i.id, i.stock, i."left", count(p.id) AS held FROM seckill_items i
      LEFT JOIN seckill_purchases p ON p.item_id = i.id AND NOT p.released
     GROUP BY i.id, i.stock, i."left" HAVING count(p.id) + i."left" <> i.stock OR count(p.id) > i.stock OR i."left" < 0`,
  'flash sale: no buyer holds more units than the limit': `
    SELECT p.item_id, p.account_id, count(*) AS n FROM seckill_purchases p JOIN seckill_items i ON i.id = p.item_id
     WHERE NOT p.released GROUP BY p.item_id, p.account_id, i.buy_limit HAVING count(*) > i.buy_limit`,
  'flash sale: every unit held belongs to one order of its buyer': `
    SELECT p.id FROM seckill_purchases p LEFT JOIN orders o ON o.id = p.order_id
     WHERE NOT p.released AND (o.id IS NULL OR o.account_id <> p.account_id OR o.type <> 'seckill')`,
  'no order left in a transitional state (in checkout)': `SELECT id FROM orders WHERE state = 'in_checkout'`,
  'no wallet payment left half-made (created, never settled)': `SELECT id FROM payments WHERE method = 'wallet' AND state = 'created'`,
  'no unit of a paid order waiting for a key while its pool has one': `
    SELECT d.order_game_id FROM key_deliveries d WHERE d.state = 'ordering'
       AND EXISTS (SELECT 1 FROM game_keys k WHERE k.sku_id = d.sku_id AND k.state = 'available' AND k.set_aside_for IS NULL)`,
};

export interface Violation {
  rule: string;
  rows: unknown[];
}

/** Every rule that some rows break, with (at most ten of) those rows. Empty: every invariant holds. */
export async function brokenInvariants(databaseUrl: string): Promise<Violation[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const broken: Violation[] = [];
    for (const [rule, query] of Object.entries(RULES)) {
      const { rows } = await client.query(query);
      if (rows.length > 0) broken.push({ rule, rows: rows.slice(0, 10) });
    }
    return broken;
  } finally {
    await client.end();
  }
}

/** How many rules were checked (printed beside the result). */
export const INVARIANT_COUNT = Object.keys(RULES).length;
