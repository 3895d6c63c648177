import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/**
 * A redis-server of the fault tier's own on 127.0.0.1 (port 6390 unless FAULT_REDIS_PORT says), nothing persisted,
 * that the tier stops and starts again; the shared Redis of the other tiers is never stopped.
 */
export interface FaultRedis {
  readonly url: string;
  start(): Promise<void>;
  /** Kills it at once (SIGKILL), as a crash or a lost host would; resolves once the process is gone. */
  stop(): Promise<void>;
}

export const FAULT_REDIS_PORT = Number(process.env.FAULT_REDIS_PORT ?? 6390);

export function faultRedis(): FaultRedis {
  let child: ChildProcess | null = null;
  return {
    url: `redis://127.0.0.1:${FAULT_REDIS_PORT}`,
    async start() {
      if (child) return;
      const started = spawn('redis-server', ['--port', String(FAULT_REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'inherit'] });
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
  };
}
