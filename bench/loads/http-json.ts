import http from 'node:http';

export interface JsonAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * A lean JSON client over keep-alive connections (node:http): one agent per load, at most `connections`
 * sockets, reused from request to request as a browser or an app reuses its connection. Lighter per request
 * than fetch, so the load generator's own CPU (on cores it shares with the server) stays small, and the
 * same client drives a bench's baseline and its measured work alike.
 */
export function jsonClient(base: string, connections: number) {
  if (!/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(base)) throw new Error('benchmarks target loopback addresses only');
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port } = new URL(base);

  function request(method: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<JsonAnswer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent, hostname, port, method, path,
          headers: { ...headers, ...(payload !== undefined && { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            try {
              resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} });
            } catch {
              resolve({ status: res.statusCode ?? 0, body: { text } });
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  return { request, close: () => agent.destroy() };
}
