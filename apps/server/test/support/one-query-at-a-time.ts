import pg from 'pg';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { afterAll, afterEach } from 'vitest';

/**
 * Every server test file runs with this set-up (vitest `setupFiles`): a statement sent on a database connection
 * while another one on the same connection is still pending fails the test (docs/decisions/0057). node-postgres
 * only queues such a statement — behind the pending one, so it gains nothing — and warns that pg@9 will refuse
 * it; a `Promise.all` over the statements of one transaction or one held connection is the usual way to write
 * it by mistake. Statements of different pooled requests run on different connections and are not concerned.
 *
 * - PostgreSQL (`pg.Client`, every pooled or own connection): a query while the client has one in flight or
 *   queued. Pipelining is off (`pipeline` unset); a client that turned it on on purpose is left alone.
 * - PGlite: one connection for the whole process, so concurrent statements of unrelated requests are normal
 *   there and serialised by PGlite's own lock; only statements of one transaction (its handle's `query` and
 *   `exec`) are checked — the same code on PostgreSQL is one connection.
 *
 * The offending call is written down with the stack that sent it, and the test fails after it (`afterEach`; work
 * still running after its test, at the end of its file: `afterAll`). The statement itself goes on as the driver
 * would send it: refusing it at once would also refuse the ROLLBACK that follows the failed `Promise.all` while
 * its first statement is still running, and the test would fail somewhere else than where the mistake is.
 */

const PATCHED = Symbol.for('lantern.one-query-at-a-time');
const found: Error[] = ((globalThis as Record<symbol, Error[] | undefined>)[PATCHED] ??= []);

/** What the set-up wrote down while `work` ran, taken off its list (for the tests that trip it on purpose). */
export async function findingsOf(work: () => Promise<unknown>): Promise<Error[]> {
  found.splice(0);
  await work();
  return found.splice(0);
}

export class ConcurrentQueryError extends Error {
  constructor(where: string, text: string) {
    // Deep enough to reach the module that sent it, past the driver's and Drizzle's frames.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 60;
    super(`${where}: a statement was sent while another one on the same connection is still pending — await each ` +
      `statement in turn (docs/decisions/0057-one-query-at-a-time.md). Statement: ${text.replace(/\s+/g, ' ').slice(0, 160)}`);
    Error.stackTraceLimit = limit;
    this.name = 'ConcurrentQueryError';
  }
}

function textOf(first: unknown): string {
  if (typeof first === 'string') return first;
  return (first as { text?: string } | undefined)?.text ?? '';
}

function note(error: ConcurrentQueryError): void {
  found.push(error);
}

type Internals = { pipeline?: boolean; _getActiveQuery(): unknown; _queryQueue: unknown[] };

if (!(pg.Client.prototype as unknown as Record<symbol, boolean>)[PATCHED]) {
  (pg.Client.prototype as unknown as Record<symbol, boolean>)[PATCHED] = true;

  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function oneAtATime(this: pg.Client & Internals, ...args: unknown[]) {
    if (!this.pipeline && (this._getActiveQuery() || this._queryQueue.length > 0)) {
      note(new ConcurrentQueryError('PostgreSQL connection', textOf(args[0])));
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;

  const transaction = PGlite.prototype.transaction;
  PGlite.prototype.transaction = function checkedTransaction<T>(this: PGlite, work: (tx: Transaction) => Promise<T>) {
    return transaction.call(this, (tx: Transaction) => {
      let pending = 0;
      const guarded = <F extends (...a: never[]) => Promise<unknown>>(run: F) => (async (...args: Parameters<F>) => {
        if (pending > 0) note(new ConcurrentQueryError('PGlite transaction', textOf(args[0])));
        pending += 1;
        try {
          return await run(...args);
        } finally {
          pending -= 1;
        }
      }) as unknown as F;
      const checked = Object.create(tx) as Transaction;
      checked.query = guarded(tx.query.bind(tx));
      checked.exec = guarded(tx.exec.bind(tx));
      return work(checked);
    }) as Promise<T>;
  } as typeof transaction;
}

function failIfFound() {
  if (found.length === 0) return;
  const [first, ...more] = found.splice(0);
  throw new Error(`${first!.message}${more.length ? ` (and ${more.length} more)` : ''}\n${first!.stack ?? ''}`);
}

afterEach(failIfFound);
afterAll(failIfFound);
