// `npm test`: install what is missing, then run every tier — domain unit tests, server integration tests
// (embedded PGlite unless DATABASE_URL/REDIS_URL are set), web unit tests, and the end-to-end tests in
// real Chromium — and close with one line of totals.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureInstalled, ensureSupportedNode, findChromium, root, run, runOrExit } from './lib.mjs';

ensureInstalled();
// Every tier runs on Node 24 or newer: the machine's, or the one pinned in the project (docs/decisions/0055).
await ensureSupportedNode();
console.log(`Node.js ${process.version}`);
const chromium = findChromium();
if (!chromium) {
  console.error(
    'The end-to-end tests need Chromium. Install Debian\'s package (`apt-get install chromium`) or set\n' +
      'CHROME_PATH to a Chromium or Chrome binary, then run `npm test` again.',
  );
  process.exit(1);
}

const reports = mkdtempSync(join(tmpdir(), 'lantern-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedTiers = [];
/** How long each tier took, printed at the end so a slow tier is seen as the suite grows. */
const tierTimes = [];
function timed(name, work) {
  const started = Date.now();
  const result = work();
  tierTimes.push([name, (Date.now() - started) / 1000]);
  return result;
}

function vitestTier(name, workspace) {
  const out = join(reports, `${name}.json`);
  const status = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], { cwd: join(root, workspace) });
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  }
  if (status !== 0) failedTiers.push(name);
}

/** A `node --test` file: its tests counted like the others' (it prints its own TAP, with the chunks on failure). */
function nodeTestTier(name, file) {
  const result = spawnSync(process.execPath, ['--test', '--test-reporter=spec', '--test-reporter=tap', '--test-reporter-destination=stdout', `--test-reporter-destination=${join(reports, `${name}.tap`)}`, file], { cwd: root, stdio: 'inherit' });
  const tap = existsSync(join(reports, `${name}.tap`)) ? readFileSync(join(reports, `${name}.tap`), 'utf8') : '';
  const count = (key) => Number(new RegExp(`^# ${key} (\\d+)$`, 'm').exec(tap)?.[1] ?? 0);
  totals.passed += count('pass');
  totals.failed += count('fail');
  totals.skipped += count('skipped') + count('todo');
  if (result.status !== 0) failedTiers.push(name);
}

console.log('\n== Domain rules ==');
timed('domain', () => vitestTier('domain', 'packages/domain'));
console.log('\n== Server integration ==');
timed('server', () => vitestTier('server', 'apps/server'));
console.log('\n== Web unit ==');
timed('web', () => vitestTier('web', 'apps/web'));

console.log('\n== Web build ==');
timed('web build', () => runOrExit('npm', ['run', 'build', '-w', '@lantern/web']));

console.log('\n== Initial JavaScript (built home, gzip) ==');
timed('initial JS', () => nodeTestTier('initial JS', 'scripts/initial-js.test.mjs'));

console.log('\n== End to end (Chromium) ==');
const e2eOut = join(reports, 'e2e.json');
const e2eStatus = timed('e2e', () => run('npx', ['playwright', 'test', '--reporter=list,json'], {
  cwd: join(root, 'e2e'),
  env: { CHROME_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eOut, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
}));
if (existsSync(e2eOut)) {
  const s = JSON.parse(readFileSync(e2eOut, 'utf8')).stats ?? {};
  totals.passed += (s.expected ?? 0) + (s.flaky ?? 0);
  totals.failed += s.unexpected ?? 0;
  totals.skipped += s.skipped ?? 0;
  // A test that failed and then passed on its retry counts as passed, but is named so it gets fixed.
  if (s.flaky) console.log(`Warning: ${s.flaky} end-to-end test(s) passed only on retry (flaky).`);
}
if (e2eStatus !== 0) failedTiers.push('e2e');

console.log('\nTier times:');
for (const [name, seconds] of tierTimes) console.log(`  ${name.padEnd(10)} ${seconds.toFixed(0).padStart(5)} s`);
console.log(failedTiers.length ? `\nFailed tiers: ${failedTiers.join(', ')}` : '\nAll tiers passed.');
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedTiers.length ? 1 : 0);
