import http from 'node:http';
import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** Load from 127.0.0.1 only, bounded in time: `connections` clients for `seconds`. */
export async function load(
  name: string,
  url: string,
  options: {
    connections?: number; seconds?: number; headers?: Record<string, string>; paths?: string[]; method?: 'GET' | 'POST';
    /** Headers of each connection in turn (connection i takes entry i modulo their number), over `headers`: one signed-in account per connection. */
    connectionHeaders?: Record<string, string>[];
  } = {},
): Promise<LoadResult> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) throw new Error('benchmarks target loopback addresses only');
  // With several paths each connection cycles through them, so a cache sees a realistic spread of keys.
  const requests = options.paths?.map((path) => ({ method: 'GET' as const, path }));
  let connection = 0;
  const perConnection = options.connectionHeaders;
  const setupClient = perConnection?.length
    ? (client: autocannon.Client) => client.setHeaders({ ...options.headers, ...perConnection[connection++ % perConnection.length] })
    : undefined;
  const result = await autocannon({
    url, method: options.method ?? 'GET', connections: options.connections ?? 50, duration: options.seconds ?? 10, headers: options.headers,
    ...(requests && { requests }), ...(setupClient && { setupClient }),
  });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** A read route's rate and latency, and its ratio to the bare route of the same run. */
export interface ReadRow {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  ratio: number;
}

/**
 * Like `load`, with p95 too (the read targets include a p95) and any non-2xx answer failing the run: 50
 * connections (or `connections`) cycling through `paths`, gzip accepted as a browser does, signed in when `token` is given.
 */
export async function measureReads(name: string, url: string, paths?: string[], seconds = 10, token?: string, connections = 50): Promise<Omit<ReadRow, 'ratio'>> {
  if (!/^http:\/\/127\.0\.0\.1[:/]/.test(url)) throw new Error('benchmarks target loopback addresses only');
  const requests = paths?.map((path) => ({ method: 'GET' as const, path }));
  const headers = { 'accept-encoding': 'gzip', ...(token && { authorization: `Bearer ${token}` }) };
  const r = await autocannon({ url, connections, duration: seconds, headers, ...(requests && { requests }) });
  if (r.non2xx > 0) throw new Error(`${name}: ${r.non2xx} non-2xx answers`);
  const lat = r.latency as unknown as Record<string, number>;
  // autocannon reports no p95: its p97.5 stands in, stricter than the target.
  return { name, requestsPerSecond: Math.round(r.requests.average), p50: lat.p50!, p95: lat.p97_5 ?? lat.p99!, p99: lat.p99! };
}

export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** A bare Fastify route answering a constant: the baseline every ratio is measured against, in the same run. */
export async function startBareServer() {
  const { default: Fastify } = await import('fastify');
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`, close: () => bare.close() };
}

/** The size of an answer on the wire as a browser gets it (Accept-Encoding: gzip), in bytes. */
export function wireBytes(url: string): Promise<number> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) throw new Error('benchmarks target loopback addresses only');
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve(bytes));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * With BENCH_CPU_PROFILE=<file prefix> set, records a V8 CPU profile of this process while `work` runs
 * (the measured phase only, not the set-up) and writes it to `<prefix>-<name>.cpuprofile` for Chrome
 * DevTools or a script; without it, just runs `work`.
 */
export async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  const prefix = process.env.BENCH_CPU_PROFILE;
  if (!prefix) return work();
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(`${prefix}-${name}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  }
}
