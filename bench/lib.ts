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
export async function load(name: string, url: string, options: { connections?: number; seconds?: number; headers?: Record<string, string> } = {}): Promise<LoadResult> {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(url)) throw new Error('benchmarks target loopback addresses only');
  const result = await autocannon({ url, connections: options.connections ?? 50, duration: options.seconds ?? 10, headers: options.headers });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
