import { vi } from 'vitest';

export interface Call {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  credentials?: RequestCredentials;
}

type Reply = { status: number; body?: unknown } | ((call: Call) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>);

/**
 * A scripted fetch: each route key "METHOD /path" has a queue of replies, used in order (the last one repeats).
 * Records every call so tests can assert what the client sent.
 */
export function mockFetch(routes: Record<string, Reply[]>) {
  const calls: Call[] = [];
  const used: Record<string, number> = {};
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost:3000');
    const method = (init.method ?? 'GET').toUpperCase();
    const call: Call = {
      url,
      method,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      credentials: init.credentials,
    };
    calls.push(call);
    const key = `${method} ${url.pathname}`;
    const queue = routes[key];
    if (!queue || queue.length === 0) throw new Error(`unexpected fetch ${key}`);
    const i = used[key] ?? 0;
    used[key] = i + 1;
    const reply = queue[Math.min(i, queue.length - 1)]!;
    const r = typeof reply === 'function' ? await reply(call) : reply;
    return new Response(r.body === undefined ? null : JSON.stringify(r.body), {
      status: r.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return { calls, fn, count: (key: string) => calls.filter((c) => `${c.method} ${c.url.pathname}` === key).length };
}
