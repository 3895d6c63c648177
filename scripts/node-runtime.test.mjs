// The runtime resolver picks a Node.js 24 or newer, whatever Node runs it: `node --test scripts/node-runtime.test.mjs`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  MIN_NODE_MAJOR,
  envWithNode,
  integrityOf,
  isSupported,
  nodeMajor,
  pinnedBinaryPath,
  pinnedPackage,
  pinnedPackageName,
  resolveNodeRuntime,
  unsupportedMessage,
} from './node-runtime.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

describe('the Node.js the project runs on', () => {
  it('is resolved to 24 or newer on this machine, and that binary really runs as such', () => {
    const runtime = resolveNodeRuntime({ root });
    assert.ok(runtime, unsupportedMessage(root));
    assert.ok(nodeMajor(runtime.version) >= 24, `resolved ${runtime.version}`);
    const reported = spawnSync(runtime.path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
    assert.equal(`v${reported}`, runtime.version);
    // On an older machine Node (v20 here) the pinned copy is the one chosen.
    if (!isSupported(process.version)) assert.equal(runtime.source, 'pinned');
  });

  it('runs a launch script (start, test, the e2e server) on it, started again there by an older Node', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lantern-relaunch-test-'));
    try {
      const script = join(dir, 'launch.mjs');
      const lib = pathToFileURL(join(root, 'scripts', 'lib.mjs')).href;
      writeFileSync(script, [
        `import { execSync } from 'node:child_process';`,
        `import { ensureSupportedNode } from '${lib}';`,
        'await ensureSupportedNode();',
        'console.log(process.version);',
        `console.log(execSync('node --version').toString());`,
        'process.exit(3);',
      ].join('\n'));
      const result = spawnSync(process.execPath, [script], { encoding: 'utf8' });
      assert.equal(result.status, 3, result.stderr); // the relaunched script's exit code comes back
      const [itself, child] = result.stdout.trim().split('\n').map((line) => line.trim());
      assert.ok(isSupported(itself), `the script ran on ${itself}`);
      assert.equal(child, itself, 'a `node` it starts through PATH is the same Node');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is what `npm start` and `npm test` find first: npm scripts run on the pinned Node', () => {
    const result = spawnSync('npm', ['exec', '--', 'node', '-p', 'process.version'], { cwd: root, encoding: 'utf8' });
    assert.equal(result.status, 0, result.stderr);
    assert.ok(isSupported(result.stdout.trim()), `npm scripts run on ${result.stdout.trim()}`);
  });
});

describe('resolveNodeRuntime', () => {
  const fakeRoot = mkdtempSync(join(tmpdir(), 'lantern-runtime-test-'));
  after(() => rmSync(fakeRoot, { recursive: true, force: true }));
  const pinned = pinnedBinaryPath(fakeRoot, 'linux', 'x64');
  const installPinned = () => {
    mkdirSync(dirname(pinned), { recursive: true });
    writeFileSync(pinned, '');
  };

  it('keeps the running Node when it is 24 or newer (a production machine with its own Node)', () => {
    for (const version of ['v24.0.0', 'v24.22.3', 'v26.10.0']) {
      const runtime = resolveNodeRuntime({ root: fakeRoot, running: { path: '/opt/node/bin/node', version }, platform: 'linux', arch: 'x64' });
      assert.deepEqual(runtime, { path: '/opt/node/bin/node', version, source: 'running' });
    }
  });

  it('answers null for an older Node when nothing is pinned in node_modules', () => {
    const runtime = resolveNodeRuntime({ root: fakeRoot, running: { path: '/usr/bin/node', version: 'v20.20.2' }, platform: 'linux', arch: 'x64', probe: () => 'v24.22.3' });
    assert.equal(runtime, null);
  });

  it('picks the pinned binary for an older Node, if that binary reports 24 or newer', () => {
    installPinned();
    const running = { path: '/usr/bin/node', version: 'v22.12.0' };
    const picked = resolveNodeRuntime({ root: fakeRoot, running, platform: 'linux', arch: 'x64', probe: () => 'v24.22.3' });
    assert.deepEqual(picked, { path: pinned, version: 'v24.22.3', source: 'pinned' });
    // A pinned binary that does not run (another libc, a broken download), or is too old, is never chosen.
    assert.equal(resolveNodeRuntime({ root: fakeRoot, running, platform: 'linux', arch: 'x64', probe: () => null }), null);
    assert.equal(resolveNodeRuntime({ root: fakeRoot, running, platform: 'linux', arch: 'x64', probe: () => 'v23.11.0' }), null);
  });
});

describe('the pin', () => {
  it('names one exact Node 24 release per platform, the same in package.json and the lock file', () => {
    const pins = Object.entries(pkg.optionalDependencies ?? {}).filter(([name]) => /^node-(linux|darwin|win)-/.test(name));
    assert.ok(pins.length >= 2, 'linux-x64 and linux-arm64 at least');
    for (const [name, version] of pins) {
      assert.match(version, /^\d+\.\d+\.\d+$/, `${name} is pinned exactly`);
      assert.equal(nodeMajor(version), MIN_NODE_MAJOR, `${name} is the ${MIN_NODE_MAJOR} LTS line`);
      const [, platform, arch] = name.split('-');
      const locked = pinnedPackage(root, platform, arch);
      assert.equal(locked?.version, version, `${name} in package-lock.json`);
      assert.match(locked.integrity, /^sha512-/);
    }
    assert.ok(pins.some(([name]) => name === pinnedPackageName('linux', 'x64')));
  });

  it('asks for Node 24+ in every workspace, and lets an older machine Node run npm (devEngines)', () => {
    const manifests = ['package.json', ...pkg.workspaces.map((w) => `${w}/package.json`)];
    for (const file of manifests) {
      const manifest = JSON.parse(readFileSync(join(root, file), 'utf8'));
      assert.equal(manifest.engines?.node, `>=${MIN_NODE_MAJOR}`, file);
    }
    assert.equal(pkg.devEngines.runtime.name, 'node');
  });
});

describe('helpers', () => {
  it('reads the major version', () => {
    assert.equal(nodeMajor('v24.22.3'), 24);
    assert.equal(nodeMajor('26.1.0'), 26);
    assert.equal(nodeMajor(''), 0);
    assert.equal(nodeMajor(undefined), 0);
    assert.equal(isSupported('v23.99.0'), false);
  });

  it('puts the chosen Node first on PATH, once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lantern-path-test-'));
    try {
      const node = join(dir, 'node');
      writeFileSync(node, '');
      const env = envWithNode({ PATH: `/usr/bin${delimiter}/bin` }, node);
      assert.equal(env.PATH, `${dir}${delimiter}/usr/bin${delimiter}/bin`);
      assert.equal(env.NODE, node);
      assert.equal(envWithNode(env, node).PATH, env.PATH);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('computes the integrity the lock file writes (as `openssl dgst -sha512 -binary | base64` does)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lantern-sri-test-'));
    try {
      writeFileSync(join(dir, 'f'), 'lantern');
      assert.equal(integrityOf(join(dir, 'f')), 'sha512-+O+7/oJhf/aZYkNecvSy9FwGt/BELzRwaQ7vzESKmLHokEgC5MBobJThtmx61GRKX0NbcwgbUnSjgwFwD+BhzQ==');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
