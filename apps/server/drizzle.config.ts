import { defineConfig } from 'drizzle-kit';

// The schema is every module's tables.ts plus the platform's own tables: a new module's tables are picked
// up by being in its folder, with no list to edit.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/modules/*/tables.ts', './src/platform/db/platform-tables.ts'],
  out: './drizzle',
});
