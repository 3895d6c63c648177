import pg from 'pg';

/**
 * Every statement a pool sends, counted where node-postgres sends it (each pooled client's `query`): what the
 * server really asks PostgreSQL for, BEGIN/COMMIT and prepared executions included. Installed once on import;
 * a part reads `count` before and after its load, and sets `texts` to write down the statements of one call.
 */
export const traced = { count: 0, texts: null as string[] | null };

const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function query(this: pg.Client, ...args: unknown[]) {
  traced.count++;
  if (traced.texts) {
    const first = args[0] as string | { text?: string; name?: string };
    const text = typeof first === 'string' ? first : `${first.name ? `[${first.name}] ` : ''}${first.text ?? ''}`;
    traced.texts.push(text.replace(/\s+/g, ' ').slice(0, 160));
  }
  return clientQuery.apply(this, args);
} as typeof pg.Client.prototype.query;
