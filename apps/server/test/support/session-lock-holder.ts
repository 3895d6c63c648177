/**
 * A stand-in for a server instance in its own process, for dead-instance.postgres.test.ts: it takes the
 * session lock named on the command line the way an instance paying an order does (platform/db/session-locks.ts),
 * says "held" and waits to be killed.
 */
import pino from 'pino';
import { openSessionLocks } from '../../src/platform/db/session-locks.ts';
import type { Database } from '../../src/platform/db/client.ts';

const [url, key] = process.argv.slice(2);
const locks = openSessionLocks({ kind: 'postgres' } as Database, url, pino({ level: 'silent' }));
const release = await locks.tryLock(key!);
process.stdout.write(release ? 'held\n' : 'busy\n');
setInterval(() => {}, 60_000);
