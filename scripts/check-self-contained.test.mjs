// node --test scripts/check-self-contained.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { outsideReferences } from './check-self-contained.mjs';

// Built from parts, so that this file passes the check it tests.
const S = '\u00a7';
const specSection = `spec ${S}4`;
const designSection = `Design ${S}2`;
const specFile = ['store-spec', 'md'].join('.');
const briefPath = ['..', 'shared', 'design.md'].join('/');

test('finds every kind of outside reference, in any case, with its line number', () => {
  const text = [
    '/** Order expiry (docs/product/buying.md#order-expiry). */',
    `// shown as canceled (${specSection})`,
    `/** The error body (${designSection}). */`,
    `See ${specFile} for the rules.`,
    `Read ${briefPath} first.`,
    `// (Spec${S}9) written without a space`,
    `// the boundaries of design.md ${S}1 and the design brief ${S}2`,
  ].join('\n');
  assert.deepEqual(
    outsideReferences(text).map((hit) => hit.line),
    [2, 3, 4, 5, 6, 7],
  );
});

test('lets rules stated in words and links inside the repository pass', () => {
  const text = [
    '/** Unpaid orders expire after 30 minutes (docs/product/buying.md#order-expiry). */',
    '// GB 11643-1999 \u00a75.3: the sequence code is odd for men',
    "describe('order display', () => {});",
    'See docs/product/README.md and ../decisions/0004-cart-coupons-orders.md.',
  ].join('\n');
  assert.deepEqual(outsideReferences(text), []);
});

test('the command lists file:line and exits 1 on a repository with an outside reference, 0 once it is fixed', () => {
  const repo = mkdtempSync(join(tmpdir(), 'self-contained-'));
  try {
    const git = (...args) => spawnSync('git', args, { cwd: repo, encoding: 'utf8' });
    git('init', '-q');
    mkdirSync(join(repo, 'src'));
    writeFileSync(join(repo, 'src', 'rule.ts'), `export const X = 1;\n// the cap (${specSection})\n`);
    writeFileSync(join(repo, 'untracked.md'), `${specFile}\n`);
    git('add', 'src/rule.ts');
    const script = fileURLToPath(new URL('./check-self-contained.mjs', import.meta.url));

    const failing = spawnSync(process.execPath, [script, repo], { encoding: 'utf8' });
    assert.equal(failing.status, 1);
    assert.match(failing.stdout, /^src\/rule\.ts:2: /m);
    assert.doesNotMatch(failing.stdout, /untracked\.md/, 'only tracked files are checked');

    writeFileSync(join(repo, 'src', 'rule.ts'), 'export const X = 1;\n// the cap (docs/product/limits.md)\n');
    const passing = spawnSync(process.execPath, [script, repo], { encoding: 'utf8' });
    assert.equal(passing.status, 0, passing.stdout + passing.stderr);
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
});
