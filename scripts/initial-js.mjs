// The home's initial JavaScript: what the built index.html makes the browser load before anything else (its
// entry script and the modulepreloads the build wrote), each file gzip-sized. Issue 25 caps it at 130 KB gzip
// (docs/decisions/0042-first-paint.md, "Initial JavaScript"); `npm test` runs initial-js.test.mjs after the web
// build, and the Lighthouse bench reports the same figure.
//
//   node scripts/initial-js.mjs [dist folder]   prints the files and fails when over the budget
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const INITIAL_JS_BUDGET_BYTES = 130 * 1024;
export const DEFAULT_DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

/**
 * The scripts index.html loads, once each, with their gzip sizes (zlib's default level): its entry and the entry's
 * modulepreloads, which the first-page preload script asks for right after the first paint (`var entry=…,preload=[…]`,
 * apps/web/vite.config.ts), and any script the page itself names by `src` or `href`.
 */
export function initialJavaScript(dist = DEFAULT_DIST) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const loader = /var entry=("[^"]+"),preload=(\[[^\]]*\])/.exec(html);
  const loaded = loader ? [JSON.parse(loader[1]), ...JSON.parse(loader[2])].map((path) => path.replace(/^\//, '')) : [];
  const named = [...html.matchAll(/(?:src|href)="\/([^"?#]+\.m?js)"/g)].map((m) => m[1]);
  const names = [...loaded, ...named];
  if (names.length === 0) throw new Error(`${join(dist, 'index.html')} loads no script: the count would be wrong`);
  const files = [...new Set(names)].map((name) => ({ name, gzipBytes: gzipSync(readFileSync(join(dist, name))).length }));
  return { files, totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** One line per file, largest first, and the total against the budget. */
export function describe({ files, totalGzipBytes }, budget = INITIAL_JS_BUDGET_BYTES) {
  const lines = [...files].sort((a, b) => b.gzipBytes - a.gzipBytes).map((f) => `  ${kb(f.gzipBytes).padStart(9)}  ${f.name}`);
  return [`Initial JavaScript of the home: ${kb(totalGzipBytes)} gzip (budget ${kb(budget)})`, ...lines].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const measured = initialJavaScript(process.argv[2] ?? DEFAULT_DIST);
  console.log(describe(measured));
  if (measured.totalGzipBytes > INITIAL_JS_BUDGET_BYTES) {
    console.error(`Over the budget by ${kb(measured.totalGzipBytes - INITIAL_JS_BUDGET_BYTES)}: move what only some pages need out of the entry.`);
    process.exit(1);
  }
}
