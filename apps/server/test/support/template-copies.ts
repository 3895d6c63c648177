import { readFileSync } from 'node:fs';
import { inject } from 'vitest';

/** What a test file copies of the run's migrated templates (made by test/support/template-database.ts). */

let loaded: Blob | undefined;
/** The migrated PGlite to load into a new one, read once per test file; none outside a vitest run's setup. */
export function pgliteTemplateDump(): Blob | undefined {
  const path = inject('pgliteTemplate');
  if (!path) return undefined;
  loaded ??= new Blob([readFileSync(path)]);
  return loaded;
}

/** The migrated database to copy on the server; none outside a vitest run's setup. */
export const postgresTemplateName = (): string | undefined => inject('postgresTemplate');
