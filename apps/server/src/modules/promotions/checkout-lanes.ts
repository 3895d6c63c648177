import { holdConnection, isConnectionError, type Db, type HeldConnection } from '../../platform/db/client.ts';

/**
 * How many admitted buyers an instance takes through checkout at once, each in a lane with one connection
 * of its own (`holdConnection`); the others wait their turn, first come first served, holding nothing. A
 * lane keeps its connection while buyers are waiting and hands it to the next one, so a checkout never waits
 * in the pool's queue — under a rush that queue is full of every sold-out answer's session lookup, and a
 * checkout's statements queued behind them one by one would take seconds. Without lanes the rush's buyers
 * would all start together and none would finish; with them each finishes in a few milliseconds and the
 * rest of the pool stays free for the other routes.
 */
const LANES = 8;

interface Lane {
  connection: HeldConnection | null;
}

/** A first-come-first-served set of lanes, each keeping its connection while there is a queue. */
export class CheckoutLanes {
  private readonly free: Lane[] = Array.from({ length: LANES }, () => ({ connection: null }));
  private readonly waiting: ((lane: Lane) => void)[] = [];
  constructor(private readonly db: Db) {}

  async run<T>(work: (db: Db) => Promise<T>): Promise<T> {
    const lane = this.free.pop() ?? await new Promise<Lane>((resolve) => this.waiting.push(resolve));
    try {
      lane.connection ??= await holdConnection(this.db);
      return await work(lane.connection.db);
    } catch (error) {
      if (isConnectionError(error)) {
        lane.connection?.release(error);
        lane.connection = null;
      }
      throw error;
    } finally {
      const next = this.waiting.shift();
      if (next) next(lane);
      else {
        lane.connection?.release();
        lane.connection = null;
        this.free.push(lane);
      }
    }
  }
}
