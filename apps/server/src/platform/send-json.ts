import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A response serialized once (validated against its schema when it was built) and kept in the response
 * cache, with its gzip form made on first demand: a cached store home is ~170 KB of JSON but ~15 KB
 * compressed, and compressing it once per cache entry costs nothing per request.
 */
export class PreparedJson {
  private compressed?: Buffer;
  constructor(readonly json: string) {}
  gzip(): Buffer {
    this.compressed ??= gzipSync(this.json);
    return this.compressed;
  }
}

/** Sends prepared JSON as is (the route's serializer does not run again), gzipped when the client accepts it. */
export function sendJson(request: FastifyRequest, reply: unknown, body: PreparedJson) {
  const r = (reply as FastifyReply).type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    return r.header('content-encoding', 'gzip').send(body.gzip());
  }
  return r.send(body.json);
}
