import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A response serialized once (validated against its schema when it was built) and kept in the response
 * cache as bytes: the UTF-8 body, and its gzip form made on first demand and kept. Serving it costs no
 * serialization, validation, encoding or compression per request — only the write.
 */
export class PreparedJson {
  readonly body: Buffer;
  private compressed?: Buffer;
  constructor(json: string) {
    this.body = Buffer.from(json, 'utf8');
  }
  /** The JSON text (tests, logs); requests are answered from the bytes. */
  get json(): string {
    return this.body.toString('utf8');
  }
  gzip(): Buffer {
    this.compressed ??= gzipSync(this.body, { level: 9 });
    return this.compressed;
  }
}

/** Whether a request's Accept-Encoding allows gzip (browsers always send it; `gzip;q=0` refuses it). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  if (typeof header !== 'string' || !header.includes('gzip')) return false;
  return !/\bgzip\s*;\s*q\s*=\s*0(?:\.0{0,3})?\s*(?:,|$)/.test(header);
}

/** Sends prepared JSON as is (the route's serializer does not run again), gzipped when the client accepts it. */
export function sendJson(request: FastifyRequest, reply: unknown, body: PreparedJson) {
  const r = reply as FastifyReply;
  if (acceptsGzip(request.headers['accept-encoding'])) {
    return r.headers({ 'content-type': JSON_TYPE, vary: 'accept-encoding', 'content-encoding': 'gzip' }).send(body.gzip());
  }
  return r.headers({ 'content-type': JSON_TYPE, vary: 'accept-encoding' }).send(body.body);
}

/** Sends JSON bytes a route put together itself (validated when their parts were built), uncompressed: for small bodies. */
export function sendJsonBytes(reply: unknown, body: Buffer) {
  return (reply as FastifyReply).header('content-type', JSON_TYPE).send(body);
}
