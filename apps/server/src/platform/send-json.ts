import type { FastifyReply } from 'fastify';

/**
 * Sends JSON that is already serialized (a cached response, validated against its schema when it was
 * built). Fastify sends strings as they are, so the route's serializer is not run a second time.
 */
export function sendJson(reply: unknown, json: string) {
  return (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
}
