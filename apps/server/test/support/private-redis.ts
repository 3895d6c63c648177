import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

/**
 * A redis-server of the test's own on a free loopback port, that the test can stop and start again (the
 * shared Redis of the tier must not be stopped under the other files). Nothing is persisted.
 */
export interface PrivateRedis {
  readonly url: string;
  /** Starts it (again, on the same port); resolves once it accepts connections. */
  start(): Promise<void>;
  /** Kills it at once, as a crash would; resolves once the process is gone. */
  stop(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open and nothing answers, as in a partition or a stalled host. */
  pause(): void;
  /** Lets a paused server go on (SIGCONT). */
  resume(): void;
}

/** A loopback port nothing listens on now (the kernel's pick, the listener closed again). */
export async function freeLoopbackPort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

export async function privateRedis(): Promise<PrivateRedis> {
  return redisOnPort(await freeLoopbackPort());
}

/** The same on a port the caller names (the fault tier's fixed one). */
export function redisOnPort(port: number): PrivateRedis {
  let child: ChildProcess | null = null;
  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      if (child) return;
      const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'inherit'] });
      child = started;
      await new Promise<void>((resolve, reject) => {
        let seen = '';
        const onData = (chunk: Buffer) => {
          seen += chunk.toString();
          if (seen.includes('Ready to accept connections')) {
            started.stdout!.off('data', onData);
            started.stdout!.resume();
            resolve();
          }
        };
        started.stdout!.on('data', onData);
        started.once('exit', (code) => {
          if (child === started) child = null;
          reject(new Error(`redis-server exited (${code}): ${seen.slice(-500)}`));
        });
      });
    },
    async stop() {
      const running = child;
      if (!running) return;
      child = null;
      const exited = once(running, 'exit');
      running.kill('SIGKILL');
      await exited;
    },
    pause() {
      child?.kill('SIGSTOP');
    },
    resume() {
      child?.kill('SIGCONT');
    },
  };
}
