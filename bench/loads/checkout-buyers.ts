import { performance } from 'node:perf_hooks';
import { serveLoad } from '../load-process.ts';
import { jsonClient } from './http-json.ts';

export interface BuyersInput {
  base: string;
  skuId: number;
  /** One access token per buyer; each buyer creates one order and pays it. */
  tokens: string[];
  concurrency: number;
}

export interface BuyersResult {
  completed: number;
  failures: Record<string, number>;
  /** Milliseconds of each buyer's create + pay, in the order they finished. */
  latencies: number[];
  elapsedSeconds: number;
}

/**
 * The checkout bench's buyers, out of the server's process: `concurrency` at a time, each buyer creates a
 * one-click order for the game (`POST /api/orders`) and pays it from the wallet (`PATCH
 * /api/orders/{id}/pay`), then the next buyer takes the connection.
 */
serveLoad<BuyersInput, BuyersResult>(async ({ base, skuId, tokens, concurrency }) => {
  const client = jsonClient(base, concurrency);
  const failures: Record<string, number> = {};
  const failed = (what: string) => (failures[what] = (failures[what] ?? 0) + 1);
  const latencies: number[] = [];
  let next = 0;
  let completed = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < tokens.length) {
      const headers = { authorization: `Bearer ${tokens[next++]!}` };
      const t0 = performance.now();
      const created = await client.request('POST', '/api/orders?client=web', { order: { sku_ids: [skuId], cate: 'game', type: 'one_click' } }, headers);
      if (created.status !== 201) {
        failed(`order ${created.status}`);
        continue;
      }
      const { id, version } = created.body as { id: number; version: number };
      const paid = await client.request('PATCH', `/api/orders/${id}/pay?client=web`, { payment_method: 'wallet', payment_from: 'web', version }, headers);
      if (paid.status !== 200) failed(`pay ${paid.status}`);
      else completed++;
      latencies.push(performance.now() - t0);
    }
  }));
  const elapsedSeconds = (performance.now() - started) / 1000;
  client.close();
  return { completed, failures, latencies, elapsedSeconds };
});
