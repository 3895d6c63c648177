import type { Area } from '@lantern/domain';
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
  hide(deps: Deps, id: number, tx?: Tx): Promise<void>;
  remove(deps: Deps, id: number, tx?: Tx): Promise<void>;
  /** Puts a hidden one back as it was (counted again); false when it is not hidden (decisions/0020). */
  unhide?(deps: Deps, id: number, tx?: Tx): Promise<boolean>;
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
