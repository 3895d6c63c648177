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
}

const targets = new Map<string, ReportTarget>();

/** Registers (or replaces: setups are idempotent) the target of a type, from a higher module's `setup`. */
export function registerReportTarget(type: string, target: ReportTarget): void {
  targets.set(type, target);
}

export function reportTarget(type: string): ReportTarget | undefined {
  return targets.get(type);
}
