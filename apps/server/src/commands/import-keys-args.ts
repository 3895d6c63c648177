import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { KEY_TYPES, type KeyType } from '@lantern/domain';

export const USAGE = 'usage: npm run keys:import -- --sku <sku id> --file <keys.csv|keys.txt> [--type steam|uplay|epic|origin|gog|other] [--note "text"]';

export interface ImportKeysArgs {
  skuId: number;
  file: string;
  keyType?: KeyType;
  note?: string;
}

/** Reads the command line; throws a message (with the usage) when it is not right. */
export function parseImportArgs(argv: readonly string[], cwd: string): ImportKeysArgs {
  const { values } = parseArgs({
    args: [...argv],
    options: { sku: { type: 'string' }, file: { type: 'string' }, type: { type: 'string' }, note: { type: 'string' } },
    strict: true,
  });
  const skuId = Number(values.sku);
  if (!Number.isSafeInteger(skuId) || skuId <= 0) throw new Error(`--sku must be a SKU id\n${USAGE}`);
  if (!values.file) throw new Error(`--file is required\n${USAGE}`);
  if (values.type !== undefined && !(KEY_TYPES as readonly string[]).includes(values.type)) throw new Error(`--type must be one of ${KEY_TYPES.join(', ')}\n${USAGE}`);
  return { skuId, file: resolve(cwd, values.file), keyType: values.type as KeyType | undefined, note: values.note };
}
