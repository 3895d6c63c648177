import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the stub received: what the provider's real API would have been sent. */
export interface StubRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The form fields of the body (both SDKs post forms). */
  form: Record<string, string>;
}

export interface StubReply {
  status?: number;
  body: string;
}

export interface ProviderStub {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  requests: StubRequest[];
  close(): Promise<void>;
}

/**
 * A stand-in for a provider's HTTP API on 127.0.0.1 (tests never reach the network): each request is
 * recorded and answered by `answer`, in the shape the provider documents.
 */
export async function startProviderStub(answer: (request: StubRequest) => StubReply): Promise<ProviderStub> {
  const requests: StubRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) };
      requests.push(request);
      let reply: StubReply;
      try {
        reply = answer(request);
      } catch (err) {
        reply = { status: 500, body: JSON.stringify({ error: { message: String(err) } }) };
      }
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json; charset=utf-8' }).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve, reject) => {
      server.close((err) => (err ? reject(err) : resolve()));
      // The SDKs keep connections alive; they would hold the close open.
      server.closeAllConnections();
    }),
  };
}
