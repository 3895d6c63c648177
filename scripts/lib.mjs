// Helpers shared by the start and test scripts. Plain Node (no dependencies): they run before `npm install`.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bootstrapNode, envWithNode, isSupported, resolveNodeRuntime, unsupportedMessage } from './node-runtime.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
  return result.status ?? 1;
}

export function runOrExit(command, args, options) {
  const status = run(command, args, options);
  if (status !== 0) process.exit(status);
}

/**
 * npm's global configuration file as the machine's npm finds it. npm derives it from the Node it runs on, so an
 * npm started on another Node (the pinned one) is told where it is, and keeps the machine's settings (a CA file…).
 */
function machineNpmEnv(env = process.env) {
  if (env.npm_config_globalconfig) return env;
  const globalconfig = spawnSync('npm', ['config', 'get', 'globalconfig'], { encoding: 'utf8', env }).stdout?.trim();
  return globalconfig ? { ...env, npm_config_globalconfig: globalconfig } : env;
}

/**
 * `npm ci`, run by npm on Node 24+ (the machine's if it qualifies, else the pinned one fetched first), so no
 * package's `engines` is checked against an older Node the project does not run on. docs/decisions/0055.
 */
export function install() {
  const node = bootstrapNode(root);
  console.log(`Installing dependencies (npm ci on Node.js ${node.version})…`);
  const env = envWithNode(machineNpmEnv({ ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' }), node.path);
  // --include=dev: the server runs through tsx and the web app is built with Vite, so a production start
  // (NODE_ENV=production, under which npm would leave devDependencies out) needs them too.
  const status = run('npm', ['ci', '--include=dev', '--no-audit', '--no-fund'], { env });
  node.cleanUp();
  if (status !== 0) process.exit(status);
}

/** Installs dependencies when node_modules is missing or older than the lock file. */
export function ensureInstalled() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  install();
}

/**
 * Makes sure this script runs on Node 24 or newer. On a newer one it returns at once, with PATH finding this Node
 * first so that every `npm`, `npx` and script started from here runs on it too. On an older one it starts this
 * same script again on the pinned Node from node_modules (passing signals on, and its exit code back) and never
 * resolves: `await ensureSupportedNode()` stops the rest of the script here.
 */
export function ensureSupportedNode() {
  const runtime = resolveNodeRuntime({ root });
  if (!runtime) {
    console.error(unsupportedMessage(root));
    process.exit(1);
  }
  if (isSupported(process.version)) {
    const env = envWithNode(process.env, runtime.path);
    if (env.PATH !== process.env.PATH) Object.assign(process.env, machineNpmEnv(process.env), env);
    return Promise.resolve();
  }
  const child = spawn(runtime.path, [...process.execArgv, process.argv[1], ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: envWithNode(machineNpmEnv(process.env), runtime.path),
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 1));
  return new Promise(() => {});
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds the web app when it was never built or its sources (or the shared packages) changed since. */
export function ensureWebBuilt() {
  const built = join(root, 'apps/web/dist/index.html');
  const sources = Math.max(newestMtime(join(root, 'apps/web')), newestMtime(join(root, 'packages')));
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  console.log('Building the web app…');
  runOrExit('npm', ['run', 'build', '-w', '@lantern/web']);
}

/** The Chromium to test with: CHROME_PATH, else Debian's /usr/bin/chromium. */
export function findChromium() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((p) => existsSync(p)) ?? null;
}

/** The server, through tsx, on the Node running this script (see onSupportedNode). */
export function startServer(env) {
  const tsx = join(root, 'node_modules/.bin/tsx');
  return spawn(process.execPath, [tsx, 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
}
