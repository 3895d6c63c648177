import pg from 'pg';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Database } from '../../src/platform/db/client.ts';

/**
 * Writes down every statement an app sends to its database, where the driver sends it: on PostgreSQL each
 * pooled client's `query` (one round trip each, BEGIN and COMMIT included — the way bench/checkout.bench.ts
 * counts); on PGlite each `query` and `exec`, and the BEGIN and the COMMIT (or ROLLBACK) of each transaction,
 * which PGlite sends itself. The same work counts the same on both.
 */
export interface StatementLog {
  /** The statements sent while `during` ran, whitespace squeezed, in order. */
  during<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }>;
  stop(): void;
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 200);

function textOf(first: unknown): string {
  if (typeof first === 'string') return first;
  return (first as { text?: string }).text ?? '';
}

export function logStatements(database: Database): StatementLog {
  let open: string[] | null = null;
  const note = (text: string) => open?.push(squeeze(text));
  let stop: () => void;
  if (database.kind === 'postgres') {
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function query(this: pg.Client, ...args: unknown[]) {
      note(textOf(args[0]));
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    stop = () => { pg.Client.prototype.query = original; };
  } else {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const { query, exec, transaction } = client;
    client.query = ((text: string, ...rest: unknown[]) => { note(text); return (query as (...a: unknown[]) => unknown).call(client, text, ...rest); }) as typeof query;
    client.exec = ((text: string, ...rest: unknown[]) => { note(text); return (exec as (...a: unknown[]) => unknown).call(client, text, ...rest); }) as typeof exec;
    client.transaction = (async <T>(work: (tx: Transaction) => Promise<T>) => {
      note('BEGIN');
      let failed = true;
      try {
        const result = await transaction.call(client, (tx: Transaction) => {
          // The transaction's own handle, its query and exec written down; the rest (closed, rollback) as it is.
          const logged = Object.create(tx) as Transaction;
          logged.query = ((text: string, ...rest: unknown[]) => { note(text); return (tx.query as (...a: unknown[]) => unknown)(text, ...rest); }) as Transaction['query'];
          logged.exec = ((text: string, ...rest: unknown[]) => { note(text); return (tx.exec as (...a: unknown[]) => unknown)(text, ...rest); }) as Transaction['exec'];
          return work(logged);
        });
        failed = false;
        return result;
      } finally {
        note(failed ? 'ROLLBACK' : 'COMMIT');
      }
    }) as typeof transaction;
    stop = () => Object.assign(client, { query, exec, transaction });
  }
  return {
    async during(work) {
      const statements: string[] = [];
      open = statements;
      try {
        return { result: await work(), statements };
      } finally {
        open = null;
      }
    },
    stop: () => stop(),
  };
}
