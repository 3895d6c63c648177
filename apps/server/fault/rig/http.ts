import type { Area } from '@lantern/domain';
import type { Instance } from './instance.ts';

/**
 * A loopback HTTP client as a buyer's app is one (`client=pc`, a Bearer token), over Node's fetch (undici, which
 * keeps connections alive). Every answer is timed and kept, with the instance it came from: a connection refused
 * or cut (a killed instance) is an answer too, with `status: null`.
 */
export interface Answer {
  instance: string;
  method: string;
  path: string;
  status: number | null;
  /** Why there was no HTTP answer (the connection refused or cut). */
  failure?: string;
  body: unknown;
  retryAfter: string | null;
  startedAt: number;
  ms: number;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
}

/** Every answer of a scenario, for its figures and its "no 500 for a committed write" check. */
export class Journal {
  readonly answers: Answer[] = [];

  async call(instance: Instance, area: Area, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, options: CallOptions = {}): Promise<Answer> {
    const startedAt = performance.now();
    const url = `${instance.origin(area)}${path}${path.includes('?') ? '&' : '?'}client=pc`;
    let answer: Answer;
    try {
      const res = await fetch(url, {
        method,
        headers: {
          ...(options.token && { authorization: `Bearer ${options.token}` }),
          ...(options.body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // Not JSON: kept as text.
      }
      answer = { instance: instance.name, method, path, status: res.status, body, retryAfter: res.headers.get('retry-after'), startedAt, ms: performance.now() - startedAt };
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      answer = { instance: instance.name, method, path, status: null, failure: cause?.code ?? cause?.message ?? String(error), body: null, retryAfter: null, startedAt, ms: performance.now() - startedAt };
    }
    this.answers.push(answer);
    return answer;
  }

  /** Answers of a status class, e.g. 500 (every 5xx). */
  withStatus(from: number, to = from + 99): Answer[] {
    return this.answers.filter((a) => a.status !== null && a.status >= from && a.status <= to);
  }
}

/** Runs `work` for each item with at most `concurrency` at a time. */
export async function inParallel<T>(items: readonly T[], concurrency: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
}

/** Resolves once `condition` holds, checking every `everyMs`; throws after `deadlineMs`. Answers how long it took. */
export async function until(what: string, condition: () => Promise<boolean> | boolean, deadlineMs: number, everyMs = 50): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await condition()) return performance.now() - started;
    if (performance.now() - started > deadlineMs) throw new Error(`${what}: not within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Quantiles of durations in ms, rounded, for the printed figures. */
export function spread(ms: readonly number[]): { n: number; p50: number; p95: number; max: number } {
  const sorted = [...ms].sort((x, y) => x - y);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), max: Math.round(sorted.at(-1) ?? 0) };
}
