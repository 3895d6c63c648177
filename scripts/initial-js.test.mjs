// node --test scripts/initial-js.test.mjs   (npm test runs it right after the web build)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEFAULT_DIST, describe, INITIAL_JS_BUDGET_BYTES, initialJavaScript } from './initial-js.mjs';

test('the built home loads at most 130 KB gzip of JavaScript before anything else', (t) => {
  if (!existsSync(join(DEFAULT_DIST, 'index.html'))) {
    assert.fail('apps/web/dist is not built: run `npm run build:web` first (npm test builds it before this test)');
  }
  const measured = initialJavaScript();
  for (const line of describe(measured).split('\n')) t.diagnostic(line);
  // The entry and React are always there: a parse that found nothing would pass any budget.
  assert.ok(measured.files.some((f) => /assets\/index-[^/]+\.js$/.test(f.name)), `no entry script found in index.html:\n${describe(measured)}`);
  assert.ok(measured.files.length >= 2, describe(measured));
  assert.ok(measured.totalGzipBytes <= INITIAL_JS_BUDGET_BYTES, `over the budget:\n${describe(measured)}`);
});

test('counts the entry and every modulepreload once, and not what the page loads later', () => {
  const dist = mkdtempSync(join(tmpdir(), 'initial-js-'));
  try {
    mkdirSync(join(dist, 'assets'));
    const entry = randomBytes(3000);
    const shared = randomBytes(1000);
    writeFileSync(join(dist, 'assets/index-a.js'), entry);
    writeFileSync(join(dist, 'assets/react-b.js'), shared);
    writeFileSync(join(dist, 'assets/Page-c.js'), randomBytes(5000));
    writeFileSync(
      join(dist, 'index.html'),
      '<script type="module" crossorigin src="/assets/index-a.js"></script>\n' +
        '<link rel="modulepreload" crossorigin href="/assets/react-b.js">\n<link rel="modulepreload" crossorigin href="/assets/react-b.js">\n' +
        '<link rel="stylesheet" href="/assets/index-d.css">',
    );
    const measured = initialJavaScript(dist);
    assert.deepEqual(measured.files.map((f) => f.name), ['assets/index-a.js', 'assets/react-b.js']);
    assert.equal(measured.totalGzipBytes, gzipSync(entry).length + gzipSync(shared).length);
    const text = describe(measured, 1024);
    assert.match(text, /budget 1\.0 KB/);
    assert.match(text, /assets\/index-a\.js/);
    assert.match(text, /assets\/react-b\.js/);
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
});
