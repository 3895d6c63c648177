import { holdConnection, isConnectionError, type Db, type HeldConnection } from './db/client.ts';

/**
 * How many groups of buyers an instance takes through checkout at once, each lane with one connection of its
 * own (`holdConnection`), and how many buyers of one item a group may hold (docs/decisions/0021-group-checkout.md).
 * A lane keeps its connection while buyers are waiting, so a checkout never waits in the pool's queue behind the
 * rush's other requests.
 */
const LANES = 4;
const MAX_GROUP = 250;

/** How many lanes an instance runs and how many entries one group may hold; checkout's figures unless said. */
export interface LaneSizes {
  lanes?: number;
  maxGroup?: number;
}

interface Waiting<Entry, Result> {
  entry: Entry;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

/**
 * Places one group of buyers of one item (a flash sale's item, or one order everyone in the group places alike):
 * one answer per entry, in order (a value, or an Error to throw to that buyer).
 */
export type PlaceGroup<Entry, Result, Item> = (db: Db, item: Item, entries: readonly Entry[]) => Promise<(Result | Error)[]>;

/** What a placing function answers for an entry that failed with something thrown (an Error as it is). */
export const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/**
 * Group commit for a rush of buyers (a flash sale's, a launch's one-click orders). Buyers wait by item, first come
 * first served; a free lane takes everyone waiting for the oldest item (up to `MAX_GROUP`, each account once) and
 * places them together. An account's next request waits until its group in flight is placed — whichever lane
 * is free — so two requests of one account never race each other on one instance: the second sees what the
 * first did (a flash sale's second try finds the unit held, and is refused without taking another). Alone, a
 * buyer is a group of one and goes after one turn of the event loop; in a rush the groups grow while the lanes
 * are busy, so the round trips per order fall as the load rises.
 */
export class GroupLanes<Entry extends { accountId: number | null }, Result, Item extends string | number = number> {
  private readonly waiting = new Map<Item, Waiting<Entry, Result>[]>();
  /** Accounts whose request is in a group being placed. */
  private readonly inFlight = new Set<number>();
  private busy = 0;
  private readonly lanes: number;
  private readonly maxGroup: number;
  constructor(private readonly db: Db, private readonly place: PlaceGroup<Entry, Result, Item>, sizes: LaneSizes = {}) {
    this.lanes = sizes.lanes ?? LANES;
    this.maxGroup = sizes.maxGroup ?? MAX_GROUP;
  }

  submit(itemId: Item, entry: Entry): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      const queue = this.waiting.get(itemId) ?? [];
      queue.push({ entry, resolve, reject });
      this.waiting.set(itemId, queue);
      if (this.busy < this.lanes) void this.lane();
    });
  }

  private async lane(): Promise<void> {
    this.busy += 1;
    let connection: HeldConnection | null = null;
    try {
      // A lane starts on the first buyer of a quiet moment; one turn of the event loop later it takes
      // everyone admitted meanwhile (in a rush, a whole batch of the gate's answers), not that buyer alone.
      await new Promise((resolve) => setImmediate(resolve));
      for (let group = this.take(); group; group = this.take()) {
        try {
          connection ??= await holdConnection(this.db);
          const answers = await this.place(connection.db, group.itemId, group.members.map((m) => m.entry));
          group.members.forEach((member, i) => {
            const answer = answers[i];
            if (answer instanceof Error) member.reject(answer);
            else member.resolve(answer as Result);
          });
          // A member answered a broken connection (its write failed on it, the others' stood): the lane drops it.
          const broken = answers.find((answer) => isConnectionError(answer));
          if (broken) {
            connection?.release(broken);
            connection = null;
          }
        } catch (error) {
          for (const member of group.members) member.reject(error);
          if (isConnectionError(error)) {
            connection?.release(error);
            connection = null;
          }
        } finally {
          // This lane takes next, so an account's waiting request never outlives the group it waited for.
          for (const member of group.members) if (member.entry.accountId !== null) this.inFlight.delete(member.entry.accountId);
        }
      }
    } finally {
      connection?.release();
      this.busy -= 1;
    }
  }

  /**
   * The next group: the oldest item's waiting buyers, each account once and none whose account has a group in
   * flight (an entry of no account — a notification call — is held back by nothing); the item goes to the back
   * of the line. Null when nothing may go now.
   */
  private take(): { itemId: Item; members: Waiting<Entry, Result>[] } | null {
    for (const [itemId, queue] of [...this.waiting]) {
      const members: Waiting<Entry, Result>[] = [];
      const rest: Waiting<Entry, Result>[] = [];
      const accounts = new Set<number>();
      for (const waiting of queue) {
        const accountId = waiting.entry.accountId;
        const free = accountId === null || (!accounts.has(accountId) && !this.inFlight.has(accountId));
        if (members.length < this.maxGroup && free) {
          if (accountId !== null) accounts.add(accountId);
          members.push(waiting);
        } else rest.push(waiting);
      }
      // Everyone here waits for a group in flight: its lane takes them when it is done.
      if (members.length === 0) continue;
      this.waiting.delete(itemId);
      if (rest.length > 0) this.waiting.set(itemId, rest);
      for (const accountId of accounts) this.inFlight.add(accountId);
      return { itemId, members };
    }
    return null;
  }
}

/**
 * Thrown by a group's write when one of several members would be refused: a refusal cannot be undone for one
 * buyer alone, so the group's transaction is rolled back and `oneByOneOnRefusal` runs its members one by one.
 */
export class RefusedInGroup extends Error {}

/**
 * Runs one description of a hot write for a group of members, or for one: `run` writes all the members it is
 * given in one transaction and answers one result per member, throwing a member's own refusal when alone and
 * `RefusedInGroup` when several. On that (or an error `retryOneByOne` accepts) each member is run again alone, so
 * every member is answered exactly what it would have been answered by itself — its result, or its Error.
 */
export async function oneByOneOnRefusal<Entry, Result>(
  members: readonly Entry[], run: (members: readonly Entry[]) => Promise<Result[]>, options: { retryOneByOne?: (error: unknown) => boolean } = {},
): Promise<(Result | Error)[]> {
  if (members.length > 1) {
    try {
      return await run(members);
    } catch (error) {
      if (!(error instanceof RefusedInGroup) && !options.retryOneByOne?.(error)) throw error;
    }
  }
  const answers: (Result | Error)[] = [];
  for (const member of members) answers.push(await run([member]).then(([answer]) => answer!, asError));
  return answers;
}

