import type { Area, ContentState } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { Tx } from '../../platform/db/client.ts';

/**
 * What a report can point at, registered by the module that owns it (posts, comments, talks, headlines), so
 * moderation never reads their tables: `load` describes one (null when it does not exist or is already
 * gone), `hide` takes it out of view keeping it for the record, `remove` deletes it. Both run in the
 * transaction that resolves the reports, when given.
 */
export interface ReportTarget {
  load(deps: Deps, id: number): Promise<{ authorId: number; area: Area; summary: string } | null>;
  /** False when it was not published any more (another hide got there first); nothing changed then. */
  hide(deps: Deps, id: number, tx?: Tx): Promise<boolean | void>;
  remove(deps: Deps, id: number, tx?: Tx): Promise<void>;
  /** Puts a hidden one back as it was (counted again); false when it is not hidden (decisions/0020). */
  unhide?(deps: Deps, id: number, tx?: Tx): Promise<boolean>;
  /** After a hide, delete or unhide committed: what every reader shares of it is forgotten on every instance. */
  changed?(deps: Deps, id: number): Promise<void>;
  /** Where it is, whatever its state (null when it does not exist): its group, if any, and the path it is read at. */
  placeOf?(deps: Deps, id: number): Promise<ContentPlace | null>;
}

/**
 * Where a piece of content is (decisions/0043): the group it belongs to — a group's moderators act on it and work
 * its reports — or null (talks, headlines, comments on them: staff's), and the web path it is read at, or null.
 */
export interface ContentPlace {
  groupId: number | null;
  path: string | null;
}

/** The place of an item of a registered type; nowhere (no group, no path) when its owner does not say. */
export async function placeOf(deps: Deps, type: string, id: number): Promise<ContentPlace> {
  return (await targets.get(type)?.placeOf?.(deps, id)) ?? { groupId: null, path: null };
}

const targets = new Map<string, ReportTarget>();

/** Registers (or replaces: setups are idempotent) the target of a type, from a higher module's `setup`. */
export function registerReportTarget(type: string, target: ReportTarget): void {
  targets.set(type, target);
}

export function reportTarget(type: string): ReportTarget | undefined {
  return targets.get(type);
}

/** One item held for approval, as the staff queue lists it. */
export interface PendingItem {
  id: number;
  authorId: number;
  area: Area;
  summary: string;
  createdAt: Date;
  /** What it is within its type (post or review; comment or reply). */
  kind: string;
}

/**
 * What a watched word that requires approval holds back (decisions/0020), registered by the module that owns
 * it: its oldest pending items on a site, and approve (publish, counted from then) and reject (delete), each
 * answering false when the item is no longer pending.
 */
export interface ApprovalTarget {
  pending(deps: Deps, area: Area, limit: number): Promise<PendingItem[]>;
  approve(deps: Deps, id: number): Promise<boolean>;
  reject(deps: Deps, id: number): Promise<boolean>;
}

const approvals = new Map<string, ApprovalTarget>();

/** Registers (or replaces) the approval hooks of a type, from a higher module's `setup`. */
export function registerApprovalTarget(type: string, target: ApprovalTarget): void {
  approvals.set(type, target);
}

export function approvalTarget(type: string): ApprovalTarget | undefined {
  return approvals.get(type);
}

export function approvalTypes(): string[] {
  return [...approvals.keys()];
}

/**
 * Content another module owns that moderation acts on by its state (posts and reviews, comments and replies;
 * decisions/0020), described once: `published` describes a published item (what a report may point at; null
 * when it is not, or is gone), `pending` lists the oldest held on a site, `move` changes an item's state only
 * when it is in `from` (under the owner's locks, its counts following; false when it was not), and `takeDown`
 * deletes it for good, only when it is in `only` if given (false when nothing was deleted). Each runs in the
 * transaction given, or its own. `approved`, if given, runs once an approval has committed.
 */
export interface ModeratedContent {
  published(deps: Deps, id: number): Promise<{ authorId: number; area: Area; summary: string } | null>;
  pending(deps: Deps, area: Area, limit: number): Promise<PendingItem[]>;
  move(deps: Deps, id: number, from: ContentState, to: ContentState, tx?: Tx): Promise<boolean>;
  takeDown(deps: Deps, id: number, only?: ContentState, tx?: Tx): Promise<boolean>;
  /** After an approval committed: tells whom the item's publication tells (a comment's target author, those it answers or names). */
  approved?(deps: Deps, id: number): Promise<void>;
  /** After any change of state committed (hidden, deleted, restored, approved, rejected): shared reads forgotten. */
  changed?(deps: Deps, id: number): Promise<void>;
  /** Where it is, in any state: its group and path (ReportTarget.placeOf). */
  placeOf?(deps: Deps, id: number): Promise<ContentPlace | null>;
}

/**
 * Registers a type of content as both a report target and an approval target, from the owner's `setup`:
 * reports hide it (published → hidden), delete it (for good) and unhide it (hidden → published); the queue
 * approves it (pending → published) and rejects it (a pending one deleted). Idempotent, as the two are.
 */
export function registerModeratedContent(type: string, content: ModeratedContent): void {
  registerReportTarget(type, {
    load: (deps, id) => content.published(deps, id),
    hide: (deps, id, tx) => content.move(deps, id, 'published', 'hidden', tx),
    remove: async (deps, id, tx) => {
      await content.takeDown(deps, id, undefined, tx);
    },
    unhide: (deps, id, tx) => content.move(deps, id, 'hidden', 'published', tx),
    changed: content.changed,
    placeOf: content.placeOf,
  });
  registerApprovalTarget(type, {
    pending: (deps, area, limit) => content.pending(deps, area, limit),
    approve: async (deps, id) => {
      const done = await content.move(deps, id, 'pending', 'published');
      if (done) await content.changed?.(deps, id);
      if (done) await content.approved?.(deps, id);
      return done;
    },
    reject: async (deps, id) => {
      const done = await content.takeDown(deps, id, 'pending');
      if (done) await content.changed?.(deps, id);
      return done;
    },
  });
}
