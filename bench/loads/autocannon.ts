import { load, type LoadResult } from '../lib.ts';
import { serveLoad } from '../load-process.ts';

export interface AutocannonInput {
  name: string;
  url: string;
  options?: Parameters<typeof load>[2];
}

/** `load` (autocannon, lib.ts) out of the server's process: the same fixed-request load, its client's CPU kept off the server's event loop. */
serveLoad<AutocannonInput, LoadResult>(({ name, url, options }) => load(name, url, options));
