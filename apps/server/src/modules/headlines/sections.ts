import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import { headlineDrafts, headlineSections, headlines } from './tables.ts';
import { fail } from '../../platform/errors.ts';
import { presentSection, type SectionRow } from './presenter.ts';
import { forgetHeadlineReads } from './forget-reads.ts';

/** Every section, in the tabs' order (a dozen rows, read whole). */
export function allSections(deps: Deps): Promise<SectionRow[]> {
  return deps.db.select().from(headlineSections).orderBy(asc(headlineSections.position), asc(headlineSections.id));
}

export const sectionMap = (rows: readonly SectionRow[]) => new Map(rows.map((s) => [s.id, s]));

/** A section and its sub-sections: what listing a tab shows. */
export function sectionAndChildren(rows: readonly SectionRow[], id: number): number[] {
  return [id, ...rows.filter((s) => s.parentId === id).map((s) => s.id)];
}

export interface SectionFields {
  name?: { en: string; chs: string };
  category?: SectionRow['category'];
  parent_id?: number | null;
  kind?: SectionRow['kind'];
  position?: number;
}

/**
 * A section's parent must be a tab (a section without a parent, not itself): sections are one level deep, so a
 * tab lists its own and its sub-sections' articles. A tab with sub-sections cannot become a sub-section.
 */
async function checkParent(deps: Deps, parentId: number | null | undefined, self: number | null): Promise<void> {
  if (parentId == null) return;
  const rows = await allSections(deps);
  const parent = rows.find((s) => s.id === parentId);
  if (!parent || parent.parentId !== null || parentId === self) throw fail.unprocessable('parent_id', 'invalid');
  if (self !== null && rows.some((s) => s.parentId === self)) throw fail.unprocessable('parent_id', 'invalid');
}

/** Staff: POST /api/admin/headline_sections. */
export async function createSection(deps: Deps, fields: Required<Pick<SectionFields, 'name' | 'category'>> & SectionFields) {
  await checkParent(deps, fields.parent_id, null);
  const [row] = await deps.db.insert(headlineSections).values({
    name: fields.name, category: fields.category, parentId: fields.parent_id ?? null, kind: fields.kind ?? 'list', position: fields.position ?? 0,
  }).returning();
  await forgetHeadlineReads(deps);
  return presentSection(row!);
}

/** Staff: PATCH /api/admin/headline_sections/{id}. */
export async function updateSection(deps: Deps, id: number, fields: SectionFields) {
  await checkParent(deps, fields.parent_id, id);
  const [row] = await deps.db.update(headlineSections).set({
    ...(fields.name && { name: fields.name }), ...(fields.category && { category: fields.category }), ...(fields.parent_id !== undefined && { parentId: fields.parent_id }),
    ...(fields.kind && { kind: fields.kind }), ...(fields.position !== undefined && { position: fields.position }),
  }).where(eq(headlineSections.id, id)).returning();
  if (!row) throw fail.notFound();
  await forgetHeadlineReads(deps);
  return presentSection(row);
}

const isForeignKeyViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23503' || e.cause?.code === '23503';
};

/**
 * Staff: DELETE /api/admin/headline_sections/{id} (docs/product/headlines.md#sections). Only an empty section
 * goes: no article (of any state: one taken down still keeps its record there), no draft and no sub-section;
 * otherwise 422 `section: in_use`. Drafts their editors deleted let go of it first. The check and the delete are
 * one statement, and a draft saved into the section at that moment fails the database's key check, which also
 * reads as `in_use`.
 */
export async function deleteSection(deps: Deps, id: number): Promise<void> {
  let deleted: { id: number }[];
  try {
    deleted = await deps.db.transaction(async (tx) => {
      await tx.update(headlineDrafts).set({ sectionId: null }).where(and(eq(headlineDrafts.sectionId, id), isNotNull(headlineDrafts.deletedAt)));
      return tx.delete(headlineSections).where(and(
        eq(headlineSections.id, id),
        sql`NOT EXISTS (SELECT 1 FROM ${headlines} WHERE ${headlines.sectionId} = ${id})`,
        sql`NOT EXISTS (SELECT 1 FROM ${headlineDrafts} WHERE ${headlineDrafts.sectionId} = ${id})`,
        sql`NOT EXISTS (SELECT 1 FROM ${headlineSections} AS child WHERE child.parent_id = ${id})`,
      )).returning({ id: headlineSections.id });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw fail.unprocessable('section', 'in_use');
    throw error;
  }
  if (deleted.length === 0) {
    const [still] = await deps.db.select({ id: headlineSections.id }).from(headlineSections).where(eq(headlineSections.id, id));
    if (still) throw fail.unprocessable('section', 'in_use');
    throw fail.notFound();
  }
  await forgetHeadlineReads(deps);
}
