import type { FastifyInstance } from 'fastify';
import { AppError, fieldPathOf } from './errors.ts';

/** The path of the first string (value or key) holding U+0000, walked without recursion so depth cannot overflow the stack. */
function pathOfNul(root: unknown): string[] | null {
  const stack: Array<[unknown, string[]]> = [[root, []]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key.includes('\u0000')) return path;
        stack.push([child, [...path, key]]);
      }
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000: a string carrying one would fail inside a query as a 500. It is
 * never meaningful input, so it is refused up front as `invalid` on the field it came in, for every route.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [context, data] of [['body', request.body], ['querystring', request.query], ['params', request.params]] as const) {
      const path = pathOfNul(data);
      if (path) throw new AppError(422, { [fieldPathOf(path, context)]: ['invalid'] });
    }
  });
}
