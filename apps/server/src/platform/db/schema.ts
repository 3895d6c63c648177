/** Every module's tables as one object, for Drizzle's relational queries. */
import * as tables from './schema-files.ts';

export const schema = tables;
