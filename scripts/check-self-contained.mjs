// The repository explains itself: no tracked file may point to a document outside it (the product
// specification or design brief that once sat beside the project). A rule is stated in docs/product/ and
// comments point there. Run: node scripts/check-self-contained.mjs [repository root]. Exit 1 lists file:line.
// Plain Node (no dependencies), like the other scripts.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What points outside: a section of the old specification or design brief ("spec", "design", "design brief"
 * or "design.md" followed by a section sign, any case), their file names, and the folder they sat in. Built from parts so that this file
 * does not match itself.
 */
const SECTION = '\u00a7';
export const OUTSIDE_REFERENCE = new RegExp(
  [`\\b(?:spec|design)(?:\\.md|\\s+brief)?\\s*${SECTION}`, 'store-spec\\.md', 'shared/design\\.md', '\\.\\./shared/'].join('|'),
  'i',
);

/**
 * Paths never checked. Kept minimal: dependencies only. Add a path here only with the reason it must
 * mention an outside document.
 */
const EXCLUDED = [/(^|\/)node_modules\//];

/** The 1-based numbers and text of the lines of `text` that point outside the repository. */
export function outsideReferences(text) {
  const found = [];
  text.split('\n').forEach((line, index) => {
    if (OUTSIDE_REFERENCE.test(line)) found.push({ line: index + 1, text: line.trim() });
  });
  return found;
}

function isBinary(buffer) {
  return buffer.subarray(0, 8000).includes(0);
}

/** Every tracked file under `root` (outside EXCLUDED) with its offending lines. */
export function checkRepository(root) {
  const listed = spawnSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
  if (listed.status !== 0) throw new Error(`git ls-files failed in ${root}: ${listed.stderr.toString().trim()}`);
  const paths = listed.stdout.toString('utf8').split('\0').filter((p) => p !== '' && !EXCLUDED.some((re) => re.test(p)));
  const problems = [];
  for (const path of paths) {
    let buffer;
    try {
      buffer = readFileSync(join(root, path));
    } catch {
      continue; // deleted in the work tree but still in the index: nothing to read
    }
    if (isBinary(buffer)) continue;
    for (const hit of outsideReferences(buffer.toString('utf8'))) problems.push({ path, ...hit });
  }
  return problems;
}

function main() {
  const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
  const problems = checkRepository(root);
  if (problems.length === 0) {
    console.log('Self-contained: no file points outside the repository.');
    return 0;
  }
  for (const p of problems) console.log(`${p.path}:${p.line}: ${p.text}`);
  console.error(
    `\n${problems.length} line(s) point to a document outside the repository. State the rule in words, or point to ` +
      'docs/product/<area>.md#<anchor> (or docs/ARCHITECTURE.md, docs/decisions/) instead.',
  );
  return 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main();
