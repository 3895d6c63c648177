import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Area } from '@lantern/domain';

/** The repository's root: the servers start from it, as `npm start` does. */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** The secret both instances and the tier's own seeding share (tokens are hashed with it). */
export const FAULT_APP_SECRET = 'fault-tier-secret-of-at-least-32-characters';

/**
 * Settings of a production start (NODE_ENV=production: no demo data, no development surface), with the sandbox
 * gateway named on purpose as a staging server does, on the tier's private PostgreSQL and Redis.
 */
export function productionEnv(databaseUrl: string, redisUrl: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    APP_SECRET: FAULT_APP_SECRET,
    ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'staging',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    SEED_DEMO: 'never',
    HOST: '127.0.0.1',
  };
}

/**
 * How long a start may take before the tier gives up. A start is a few seconds on an idle two-core machine, but
 * the first one compiles the whole server (tsx), and a machine shared with other work can stretch it tenfold.
 */
const START_DEADLINE_MS = Number(process.env.FAULT_START_DEADLINE_MS ?? 240_000);

/** One server process (src/main.ts), started as production starts it. */
export interface Instance {
  readonly name: string;
  readonly pid: number;
  /** `application_name` of its pooled PostgreSQL connections (PGAPPNAME), to find its sessions. */
  readonly appName: string;
  origin(area: Area): string;
  /** Null while it runs; its exit code or signal once it ended. */
  ended(): string | null;
  /** SIGKILL, as an OOM kill or a lost host: nothing is let go gracefully. Resolves once it is gone. */
  kill(): Promise<void>;
  /** The last lines it logged, for a failure's message. */
  logTail(): string;
}

export interface InstanceOptions {
  name: string;
  ports: { native: number; abroad: number };
  env: Record<string, string>;
  logDir: string;
  storageDir: string;
}

/** Starts a server process and resolves once `/readyz` answers 200 on its mainland port. */
export async function startInstance(options: InstanceOptions): Promise<Instance> {
  const appName = `lantern-fault-${options.name}`;
  const logPath = join(options.logDir, `${options.name}-${Date.now()}.log`);
  const log = createWriteStream(logPath);
  // Node itself with tsx's loader, not the tsx launcher: the launcher runs the server in a child of its own,
  // and a SIGKILL to the launcher would leave the server running.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...options.env,
      PORT_NATIVE: String(options.ports.native),
      PORT_ABROAD: String(options.ports.abroad),
      STORAGE_DIR: options.storageDir,
      WEB_DIST: join(options.storageDir, 'no-web'),
      LOG_LEVEL: 'warn',
      PGAPPNAME: appName,
    },
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  let ended: string | null = null;
  const exited = once(child, 'exit').then(([code, signal]) => {
    ended = signal ? String(signal) : `exit ${code}`;
  });
  const instance: Instance = {
    name: options.name,
    pid: child.pid!,
    appName,
    origin: (area) => `http://127.0.0.1:${options.ports[area]}`,
    ended: () => ended,
    async kill() {
      if (ended === null) child.kill('SIGKILL');
      await exited;
    },
    logTail: () => readFileSync(logPath, 'utf8').split('\n').slice(-40).join('\n'),
  };
  const deadline = Date.now() + START_DEADLINE_MS;
  while (Date.now() < deadline) {
    if (ended !== null) throw new Error(`instance ${options.name} ended at start (${ended}):\n${instance.logTail()}`);
    const ready = await fetch(`${instance.origin('native')}/readyz`).then((res) => res.status === 200, () => false);
    if (ready) return instance;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await instance.kill();
  throw new Error(`instance ${options.name} not ready within ${START_DEADLINE_MS} ms:\n${instance.logTail()}`);
}
