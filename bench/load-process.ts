import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Load generators run in a process of their own: a client driving thousands of requests takes event-loop
 * time and garbage collection from whatever process it runs in, so inside the server under test it slows
 * the server it measures (the checkout bench's in-process fetch client was 6–8% of the server's CPU
 * profile). Out of the server's process the profile shows the server only. The machine's cores are still
 * shared, so a bench measures its baselines with the same kind of generator, also out of process.
 *
 * A load script is a module that calls `serveLoad` with its work; the bench calls `runLoadProcess` with
 * the script's URL and its input, and gets its result back. Input and result cross by structured clone
 * (plain data: numbers, strings, arrays, objects, Maps), never functions.
 */

type Answer<Output> = { result: Output } | { error: string };

/** How the child runs TypeScript: tsx's loader, resolved from here so the child's working folder does not matter. */
const TS_LOADER = ['--import', import.meta.resolve('tsx')];

/**
 * Runs `script` (a load script's URL, e.g. `new URL('./loads/checkout-buyers.ts', import.meta.url)`) in a
 * child process, hands it `input`, and resolves with the result it answers once the child has exited. A
 * script that throws or exits without answering rejects, with the child's error.
 */
export function runLoadProcess<Input, Output>(script: URL, input: Input): Promise<Output> {
  const child = fork(fileURLToPath(script), [], {
    execArgv: TS_LOADER,
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<Output>((resolve, reject) => {
    let answer: Answer<Output> | undefined;
    child.once('message', (message) => (answer = message as Answer<Output>));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (answer && 'result' in answer) resolve(answer.result);
      else reject(new Error(`load script ${script.pathname} ${answer ? `failed: ${answer.error}` : `exited (${signal ?? code}) without an answer`}`));
    });
    child.send({ input });
  });
}

/**
 * The child's side: waits for its input, runs `work` on it, answers the result (or the error) and exits,
 * so open keep-alive sockets or timers cannot keep a finished load process alive.
 */
export function serveLoad<Input, Output>(work: (input: Input) => Promise<Output>): void {
  const send = process.send?.bind(process);
  if (!send) throw new Error('a load script is started by runLoadProcess (bench/load-process.ts), not on its own');
  process.once('message', (message) => {
    const { input } = message as { input: Input };
    work(input).then(
      (result) => send({ result } satisfies Answer<Output>, undefined, {}, () => process.exit(0)),
      (err: unknown) => send({ error: err instanceof Error ? (err.stack ?? err.message) : String(err) } satisfies Answer<Output>, undefined, {}, () => process.exit(1)),
    );
  });
}
