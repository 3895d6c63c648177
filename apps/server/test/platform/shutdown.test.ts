import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import { connect } from 'node:net';
import { eventually } from '../support/jobs-support.ts';

/**
 * SIGTERM on a real server process (src/main.ts, on an embedded database): it stops accepting connections,
 * finishes the request in flight, releases what it holds and exits 0 (docs/decisions/0050).
 */
let server: ChildProcess | undefined;
afterAll(() => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
});

/** A port nobody listens on right now (the server's two sites need two). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const refused = (port: number) => new Promise<boolean>((resolve) => {
  const socket = connect(port, '127.0.0.1');
  socket.once('connect', () => {
    socket.destroy();
    resolve(false);
  });
  socket.once('error', () => resolve(true));
});

describe('SIGTERM', () => {
  it('stops accepting, finishes the request in flight, and exits 0', async () => {
    const [native, abroad] = [await freePort(), await freePort()];
    const main = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
    let output = '';
    server = spawn(process.execPath, ['--import', 'tsx', main], {
      env: {
        ...process.env, NODE_ENV: 'development', DATABASE_URL: '', REDIS_URL: '', PGLITE_DIR: 'memory://', SEED_DEMO: 'never',
        HOST: '127.0.0.1', PORT_NATIVE: String(native), PORT_ABROAD: String(abroad), LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server!.once('exit', (code) => resolve(code)));
    await eventually(() => expect(output).toContain('Lantern is running'), 420_000);

    // A request in flight: the server has it (its "100 Continue" says so), its body is not sent yet.
    const body = JSON.stringify({ sec_kill: { id: 1 } });
    const req = request({
      host: '127.0.0.1', port: native, method: 'POST', path: '/api/sec_kill',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
    });
    const answered = new Promise<IncomingMessage>((resolve, reject) => {
      req.once('response', resolve);
      req.once('error', reject);
    });
    req.flushHeaders();
    await new Promise<void>((resolve) => req.once('continue', resolve));

    server.kill('SIGTERM');
    await eventually(() => expect(output).toContain('stopping: no new connections'), 30_000);
    // No new connections on either site, while the one in flight is still open.
    await eventually(async () => expect([await refused(native), await refused(abroad)]).toEqual([true, true]), 30_000);
    expect(server.exitCode).toBeNull();

    req.end(body);
    const res = await answered;
    // Answered by the route (a guest is asked to sign in), not cut off nor turned away as the server closes.
    expect(res.statusCode).toBe(401);
    expect(await exited).toBe(0);
    expect(output).toContain('leases and locks released');
  }, 600_000);
});
