#!/usr/bin/env node
// Brings Lantern up in production on one machine: N instances on PostgreSQL and Redis behind nginx (Debian's
// package, run with a config and prefix of its own), and takes it down again.
//
//   node ops/production/up.mjs up     migrate once, start the instances, wait until each is ready, start nginx
//   node ops/production/up.mjs down   stop nginx, then every instance gracefully (SIGTERM, platform/shutdown.ts)
//
// Settings are environment variables (docs/operations.md#production-behind-nginx lists them); every other variable
// (payment keys, SMTP_URL, SMS providers, STORAGE…) is passed on to the instances as it is.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync, closeSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createConnection } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = resolve(here, '../..');
const env = process.env;

const int = (name, fallback) => {
  const value = env[name] === undefined || env[name] === '' ? fallback : Number(env[name]);
  if (!Number.isInteger(value) || value < 0) fail(`${name}: expected a whole number, got "${env[name]}"`);
  return value;
};
const required = (name) => env[name] || fail(`${name}: required`);

/** A setting or a step that cannot go on: said by name; whatever `up` had started is stopped again. */
class Refusal extends Error {}
function fail(message) {
  throw new Refusal(message);
}

function settings() {
  const runDir = resolve(env.LANTERN_RUN_DIR || join(root, 'data/production'));
  return {
    runDir,
    statePath: join(runDir, 'state.json'),
    instances: int('INSTANCES', 2),
    instancePortBase: int('INSTANCE_PORT_BASE', 3002),
    metricsPortBase: env.METRICS_PORT_BASE ? int('METRICS_PORT_BASE', 0) : null,
    httpsPort: int('PROXY_HTTPS_PORT', 443),
    httpPort: int('PROXY_HTTP_PORT', 80),
    listen: env.PROXY_LISTEN || '0.0.0.0',
    hosts: { native: required('SITE_HOST_NATIVE'), abroad: required('SITE_HOST_ABROAD') },
    tlsCert: env.TLS_CERT ? resolve(env.TLS_CERT) : null,
    tlsKey: env.TLS_KEY ? resolve(env.TLS_KEY) : null,
    nginx: env.NGINX || findNginx(),
    workerProcesses: env.NGINX_WORKER_PROCESSES || 'auto',
    readyTimeoutMs: int('READY_TIMEOUT_SECONDS', 90) * 1000,
  };
}

/** Debian's package puts nginx in /usr/sbin, which is not on every user's PATH. */
function findNginx() {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx']) if (existsSync(candidate)) return candidate;
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  return found || fail('nginx not found: apt-get install nginx (or name it in NGINX)');
}

const portsOf = (s, i) => ({
  native: s.instancePortBase + 2 * i,
  abroad: s.instancePortBase + 2 * i + 1,
  metrics: s.metricsPortBase === null ? null : s.metricsPortBase + i,
});

/** The origin a browser uses for a site: https, with the port only when it is not 443. */
const originOf = (s, host) => `https://${host}${s.httpsPort === 443 ? '' : `:${s.httpsPort}`}`;

/** What every instance runs with on top of the caller's environment: production, behind this machine's nginx. */
function instanceEnv(s, i) {
  const ports = portsOf(s, i);
  if (env.NODE_ENV && env.NODE_ENV !== 'production') fail(`NODE_ENV=${env.NODE_ENV}: this script runs production only`);
  required('DATABASE_URL');
  required('APP_SECRET');
  if (s.instances > 1) required('REDIS_URL');
  return {
    ...env,
    NODE_ENV: 'production',
    // Only nginx reaches an instance: it listens on the loopback address, and believes X-Forwarded-For from nginx only.
    HOST: '127.0.0.1',
    TRUSTED_PROXIES: env.TRUSTED_PROXIES || '127.0.0.1',
    PORT_NATIVE: String(ports.native),
    PORT_ABROAD: String(ports.abroad),
    SITE_HOSTS: `${s.hosts.native}=native,${s.hosts.abroad}=abroad`,
    SITE_URL_NATIVE: env.SITE_URL_NATIVE || originOf(s, s.hosts.native),
    SITE_URL_ABROAD: env.SITE_URL_ABROAD || originOf(s, s.hosts.abroad),
    ...(ports.metrics !== null && { METRICS_PORT: String(ports.metrics) }),
  };
}

function render(template, values) {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name) => {
    if (!(name in values)) fail(`template names {{${name}}}, which has no value`);
    return String(values[name]);
  });
}

function nginxConfig(s, tls) {
  const common = { LISTEN: s.listen, HTTPS_PORT: s.httpsPort, HTTP_PORT: s.httpPort };
  const upstreams = ['native', 'abroad'].map((area) => [
    `  upstream lantern_${area} {`,
    // Shared by the workers, so round robin and the failure counts are one for all of them.
    `    zone lantern_${area} 64k;`,
    // Passive health: an instance that fails twice in 10 s is left out for 10 s, then tried again.
    ...Array.from({ length: s.instances }, (_, i) => `    server 127.0.0.1:${portsOf(s, i)[area]} max_fails=2 fail_timeout=10s;`),
    // Idle connections kept to the instances; closed by nginx before the app's own 72 s idle timeout, so nginx
    // never sends a request on a connection the instance is closing.
    '    keepalive 32;',
    '    keepalive_timeout 60s;',
    '  }',
    '',
  ].join('\n')).join('\n');
  const siteTemplate = readFileSync(join(here, 'site.conf.template'), 'utf8');
  const sites = ['native', 'abroad'].map((area) => render(siteTemplate, { ...common, AREA: area, HOST: s.hosts[area], TLS_CERT: tls.cert, TLS_KEY: tls.key })).join('\n');
  return render(readFileSync(join(here, 'nginx.conf.template'), 'utf8'), {
    ...common,
    RUN_DIR: s.runDir,
    WORKER_PROCESSES: s.workerProcesses,
    UPSTREAMS: upstreams,
    SITES: sites,
    ALL_HOSTS: `${s.hosts.native} ${s.hosts.abroad}`,
    HTTPS_PORT_SUFFIX: s.httpsPort === 443 ? '' : `:${s.httpsPort}`,
  });
}

/** The certificate given, or a self-signed one for both host names (a machine without a real one: CI, a trial). */
function certificate(s) {
  if (s.tlsCert && s.tlsKey) return { cert: s.tlsCert, key: s.tlsKey, selfSigned: false };
  if (s.tlsCert || s.tlsKey) fail('TLS_CERT and TLS_KEY: both or neither');
  const cert = join(s.runDir, 'tls/self-signed.crt');
  const key = join(s.runDir, 'tls/self-signed.key');
  mkdirSync(join(s.runDir, 'tls'), { recursive: true });
  const made = spawnSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '30', '-keyout', key, '-out', cert,
    '-subj', `/CN=${s.hosts.native}`, '-addext', `subjectAltName=DNS:${s.hosts.native},DNS:${s.hosts.abroad}`,
  ], { encoding: 'utf8' });
  if (made.status !== 0) fail(`openssl could not make a self-signed certificate:\n${made.stderr}`);
  console.warn(`up.mjs: no TLS_CERT/TLS_KEY: using a self-signed certificate (${cert}); browsers will warn. Not for a public site.`);
  return { cert, key, selfSigned: true };
}

/** GET a URL and answer its status (0 when nothing answers). `servername` and `ca` for the HTTPS check through nginx. */
function probe(url, { host, ca } = {}) {
  return new Promise((done) => {
    const u = new URL(url);
    const send = u.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(u, { method: 'GET', headers: host ? { host } : {}, timeout: 2000, ...(u.protocol === 'https:' && { servername: host, ca }) }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => done(0));
    req.end();
  });
}

/** Whether something already listens on a loopback port (a process left from an earlier run would answer its probes). */
function listening(port) {
  return new Promise((done) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

const pause = (ms) => new Promise((done) => setTimeout(done, ms));
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

function runToEnd(command, args, options) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) fail(`${[command, ...args].join(' ')} failed:\n${result.stdout}${result.stderr}`);
  return result;
}

const tail = (path) => (existsSync(path) ? readFileSync(path, 'utf8').split('\n').slice(-30).join('\n') : '(no log)');

/** Whether `up` has started a process (and written the state that names it): only then does a failure stop them. */
let startedSomething = false;

async function up() {
  const s = settings();
  if (existsSync(s.statePath)) fail(`already up (${s.statePath}); run "down" first`);
  mkdirSync(join(s.runDir, 'logs'), { recursive: true });
  for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(s.runDir, 'nginx-temp', dir), { recursive: true });
  if (s.instances < 1) fail('INSTANCES: at least 1');
  const envs = Array.from({ length: s.instances }, (_, i) => instanceEnv(s, i));
  const ports = [...Array.from({ length: s.instances }, (_, i) => Object.values(portsOf(s, i))).flat().filter((p) => p !== null), s.httpsPort, s.httpPort];
  for (const port of ports) if (await listening(port)) fail(`port ${port} is in use already`);

  // Once, before any instance: a failing migration stops here with nothing started.
  const tsxLoader = ['--import', 'tsx'];
  console.log('Applying migrations…');
  runToEnd(process.execPath, [...tsxLoader, 'apps/server/src/commands/migrate.ts'], { cwd: root, env: envs[0], stdio: ['ignore', 'inherit', 'inherit'] });

  const tls = certificate(s);
  const state = { runDir: s.runDir, nginx: s.nginx, conf: join(s.runDir, 'nginx.conf'), tls, instances: [], startedAt: new Date().toISOString() };
  const save = () => {
    writeFileSync(s.statePath, `${JSON.stringify(state, null, 2)}\n`);
    startedSomething = true;
  };

  // Each instance is its own process group, detached from this script, its output in its own log.
  for (let i = 0; i < s.instances; i++) {
    const log = join(s.runDir, 'logs', `instance-${i + 1}.log`);
    const fd = openSync(log, 'a');
    const child = spawn(process.execPath, [...tsxLoader, 'apps/server/src/main.ts'], { cwd: root, env: envs[i], detached: true, stdio: ['ignore', fd, fd] });
    closeSync(fd);
    child.unref();
    state.instances.push({ name: `instance-${i + 1}`, pid: child.pid, ...portsOf(s, i), log });
    save();
  }

  // Ready means /readyz says 200 on both of an instance's ports (the database and its migrations answer).
  const deadline = Date.now() + s.readyTimeoutMs;
  for (const instance of state.instances) {
    for (;;) {
      const [native, abroad] = await Promise.all([probe(`http://127.0.0.1:${instance.native}/readyz`), probe(`http://127.0.0.1:${instance.abroad}/readyz`)]);
      if (native === 200 && abroad === 200) break;
      if (!alive(instance.pid) || Date.now() > deadline) fail(`${instance.name} did not become ready; its log ends:\n${tail(instance.log)}`);
      await pause(250);
    }
    console.log(`${instance.name} ready (pid ${instance.pid}): sites on 127.0.0.1:${instance.native} and :${instance.abroad}${instance.metrics ? `, metrics on :${instance.metrics}` : ''}`);
  }

  writeFileSync(state.conf, nginxConfig(s, tls));
  const nginxArgs = ['-p', s.runDir, '-c', state.conf, '-e', join(s.runDir, 'logs/nginx-error.log')];
  runToEnd(s.nginx, ['-t', '-q', ...nginxArgs]);
  runToEnd(s.nginx, nginxArgs);
  state.nginxArgs = nginxArgs;
  save();
  // nginx forks and returns: it is up once each site answers through it.
  const ca = readFileSync(tls.cert);
  for (const area of ['native', 'abroad']) {
    while ((await probe(`https://127.0.0.1:${s.httpsPort}/healthz`, { host: s.hosts[area], ca })) !== 200) {
      if (Date.now() > deadline) fail(`nginx does not answer for ${s.hosts[area]}; its error log ends:\n${tail(join(s.runDir, 'logs/nginx-error.log'))}`);
      await pause(100);
    }
  }
  console.log(`\nLantern is up behind nginx (pid ${readFileSync(join(s.runDir, 'nginx.pid'), 'utf8').trim()}):`);
  console.log(`  Mainland site:       ${originOf(s, s.hosts.native)}`);
  console.log(`  International site:  ${originOf(s, s.hosts.abroad)}`);
  console.log(`  Logs:                ${join(s.runDir, 'logs')}`);
}

async function down() {
  const runDir = resolve(env.LANTERN_RUN_DIR || join(root, 'data/production'));
  const statePath = join(runDir, 'state.json');
  if (!existsSync(statePath)) {
    console.log(`Nothing to stop (${statePath} does not exist).`);
    return;
  }
  const state = JSON.parse(readFileSync(statePath, 'utf8'));
  const pids = [];
  // nginx first, gracefully: no new requests; the ones in flight finish (live streams within worker_shutdown_timeout).
  const nginxPidFile = join(runDir, 'nginx.pid');
  if (existsSync(nginxPidFile)) {
    const pid = Number(readFileSync(nginxPidFile, 'utf8').trim());
    if (pid && alive(pid)) {
      process.kill(pid, 'SIGQUIT');
      pids.push({ name: 'nginx', pid });
    }
  }
  // Then each instance by its own id: SIGTERM is the graceful stop (streams told to reconnect, requests finished, leases freed).
  for (const instance of state.instances) {
    if (instance.pid && alive(instance.pid)) {
      process.kill(instance.pid, 'SIGTERM');
      pids.push(instance);
    }
  }
  const deadline = Date.now() + 30_000;
  while (pids.some((p) => alive(p.pid)) && Date.now() < deadline) await pause(100);
  for (const p of pids.filter((p) => alive(p.pid))) {
    console.warn(`up.mjs: ${p.name} (pid ${p.pid}) still running after 30 s; killing it`);
    process.kill(p.pid, 'SIGKILL');
  }
  rmSync(statePath);
  console.log(`Stopped nginx and ${state.instances.length} instance(s).`);
}

const command = process.argv[2];
try {
  if (command === 'up') await up();
  else if (command === 'down') await down();
  else fail('usage: node ops/production/up.mjs up|down');
} catch (error) {
  console.error(`up.mjs: ${error instanceof Refusal ? error.message : error?.stack ?? error}`);
  // A half-started set-up is taken down again, so a second `up` starts clean.
  if (command === 'up' && startedSomething) await down().catch((e) => console.error(`up.mjs: stopping what had started failed: ${e}`));
  process.exit(1);
}
