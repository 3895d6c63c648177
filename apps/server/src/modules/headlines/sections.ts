import { asc } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import { headlineSections } from './tables.ts';
import type { SectionRow } from './presenter.ts';

/** Every section, in the tabs' order (a dozen rows, read whole). */
export function allSections(deps: Deps): Promise<SectionRow[]> {
  return deps.db.select().from(headlineSections).orderBy(asc(headlineSections.position), asc(headlineSections.id));
}

export const sectionMap = (rows: readonly SectionRow[]) => new Map(rows.map((s) => [s.id, s]));

/** A section and its sub-sections: what listing a tab shows. */
export function sectionAndChildren(rows: readonly SectionRow[], id: number): number[] {
  return [id, ...rows.filter((s) => s.parentId === id).map((s) => s.id)];
}
