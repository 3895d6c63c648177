import { readFile } from 'node:fs/promises';
import { loadConfig } from '../config.ts';
import { compose } from '../platform/compose.ts';
import { AppError } from '../platform/errors.ts';
import { importKeys, parseCodesText, type ImportKeysResult } from '../modules/keys/index.ts';
import { parseImportArgs } from './import-keys-args.ts';

/**
 * `npm run keys:import -- --sku 123 --type steam --file keys.csv`: loads a key file into a SKU's pool
 * through the same service as the admin API (trim, skip blanks and duplicates, encrypt, fill waiting
 * lines), on the database main.ts uses (DATABASE_URL, else the embedded PGlite).
 */
async function main(): Promise<ImportKeysResult> {
  // npm runs workspace scripts in the workspace folder; a relative path means the caller's folder.
  const args = parseImportArgs(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
  const text = await readFile(args.file, 'utf8');
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const { deps, close } = await compose(config);
  try {
    const note = args.note ?? `file ${args.file.split(/[\\/]/).pop()}`;
    return await importKeys(deps, { skuId: args.skuId, keyType: args.keyType, codes: parseCodesText(text), source: 'csv', importedBy: null, note });
  } finally {
    await close();
  }
}

main().then(
  (r) => console.log(`SKU ${r.sku_id}: ${r.added} keys added, ${r.skipped} skipped (already in the pool or repeated), ${r.delivered} waiting orders delivered (batch ${r.batch_id}).`),
  (err: unknown) => {
    if (err instanceof AppError) console.error(`refused: ${JSON.stringify(err.errors)}${err.meta ? ` ${JSON.stringify(err.meta)}` : ''}`);
    else console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
