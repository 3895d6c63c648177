import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import pino, { type DestinationStream, type Level, type Logger } from 'pino';

/** The id of the request being served, for whatever runs on its behalf (services log through `deps.log`). */
const currentRequestId = new AsyncLocalStorage<string>();

/**
 * Serves each request inside its own context, so every line logged on its behalf carries its id (`reqId`),
 * not only the lines of `request.log` (docs/decisions/0051-metrics-and-operations.md). The callback form of
 * the hook is what keeps the context: the rest of the request runs from inside `done`.
 */
export function registerRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    currentRequestId.run(request.id, done);
  });
}

const { chindingsSym } = pino.symbols;

/**
 * The logger's mixin: `{ reqId }` while a request is served. A request's own logger (`request.log`) already
 * binds it, and is left as it is so the field is never written twice.
 */
export function requestLogFields(_merge: object, _level: number, logger: Logger): object {
  const reqId = currentRequestId.getStore();
  if (reqId === undefined) return {};
  const bindings = (logger as unknown as Record<symbol, string | undefined>)[chindingsSym] ?? '';
  return bindings.includes('"reqId":') ? {} : { reqId };
}

/** The application's logger: pino at `level`, every line written while a request is served naming it. */
export function createLogger(level: Level | 'silent', destination?: DestinationStream): Logger {
  return pino({ level, mixin: requestLogFields }, destination);
}
