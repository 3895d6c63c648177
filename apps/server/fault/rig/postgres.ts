import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * A PostgreSQL cluster of the fault tier's own (docs/operations.md#running-the-fault-tier): made with `initdb`
 * in a temporary folder, listening on 127.0.0.1 only, so restarting it mid-rush never touches the shared
 * PostgreSQL other tests use. As root (CI) its commands run as the `postgres` user: initdb refuses root.
 */
export interface PrivateCluster {
  /** The URL of the store's database on it. */
  readonly url: string;
  /** Restarts the server as a crash would (`immediate`: no checkpoint, recovery at start) or a deploy would (`fast`). Resolves once it accepts connections again. */
  restart(mode: 'fast' | 'immediate'): Promise<void>;
  /** Stops the server and removes its folder; safe to call twice, and after a failed start. */
  remove(): void;
}

/** PG_BIN, else the newest of Debian's /usr/lib/postgresql/<version>/bin (CI's machine has 15). */
function binaries(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').filter((v) => /^\d+$/.test(v)).sort((x, y) => Number(y) - Number(x)) : [];
  if (versions.length === 0) throw new Error('PostgreSQL server binaries not found: install postgresql or set PG_BIN to the folder holding initdb and pg_ctl');
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}
const BIN = binaries();
export const FAULT_PG_PORT = Number(process.env.FAULT_PG_PORT ?? 55432);
const DATABASE = 'lantern';

/** Runs a PostgreSQL binary, as the `postgres` user when this process is root. */
function pgCommand(binary: string, args: string[]): string {
  const asRoot = process.getuid?.() === 0;
  const [command, commandArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(BIN, binary), ...args]] : [join(BIN, binary), args];
  return execFileSync(command, commandArgs, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export async function privateCluster(): Promise<PrivateCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-fault-pg-'));
  if (process.getuid?.() === 0) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()), Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()));
  const data = join(dir, 'data');
  // Loopback only; the socket in the temporary folder, never the system's. fsync off: the tier kills the
  // server, never the machine, and the operating system's cache survives a PostgreSQL crash.
  const options = `-p ${FAULT_PG_PORT} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=120`;
  const ctl = (...args: string[]) => pgCommand('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '30', ...args]);
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    if (existsSync(join(data, 'postmaster.pid'))) {
      try {
        ctl('-m', 'immediate', 'stop');
      } catch {
        // Already down: nothing to stop.
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    pgCommand('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    ctl('-o', options, 'start');
    const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${FAULT_PG_PORT}/postgres` });
    await admin.connect();
    await admin.query(`create database ${DATABASE}`);
    await admin.end();
  } catch (error) {
    remove();
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${FAULT_PG_PORT}/${DATABASE}`,
    async restart(mode) {
      // Asynchronous: the rush's clients run in this process and must go on while PostgreSQL is down.
      const asRoot = process.getuid?.() === 0;
      const args = ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '30', '-m', mode, '-o', options, 'restart'];
      await promisify(execFile)(asRoot ? 'runuser' : join(BIN, 'pg_ctl'), asRoot ? ['-u', 'postgres', '--', join(BIN, 'pg_ctl'), ...args] : args);
    },
    remove,
  };
}
