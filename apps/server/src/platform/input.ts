import type { FastifyInstance } from 'fastify';
import { AppError, fieldPathOf } from './errors.ts';

interface Visit {
  value: unknown;
  key: string;
  parent: Visit | null;
}

function pathTo(visit: Visit): string[] {
  const path: string[] = [];
  for (let v: Visit | null = visit; v?.parent; v = v.parent) path.push(v.key);
  return path.reverse();
}

/** U+0000, or a lone UTF-16 surrogate (JSON can spell one as "\ud800"; it is not a character at all). */
const UNSTORABLE = /[\u0000\p{Cs}]/u;

/**
 * The path of the first string (value or key) the database cannot store as text. Walked without
 * recursion and without copying paths, so neither depth nor size can overflow the stack or cost more than
 * one pass.
 */
export function pathOfUnstorable(root: unknown): string[] | null {
  const stack: Visit[] = [{ value: root, key: '', parent: null }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return pathTo(visit);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (UNSTORABLE.test(key)) return pathTo(visit);
        stack.push({ value: child, key, parent: visit });
      }
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000, and a lone surrogate is not valid UTF-8 (PGlite fails on it): a string
 * carrying either would fail inside a query as a 500. Neither is meaningful input, so it is refused up
 * front as `invalid` on the field it came in, for every route.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [context, data] of [['body', request.body], ['querystring', request.query], ['params', request.params]] as const) {
      const path = pathOfUnstorable(data);
      if (path) return done(new AppError(422, { [fieldPathOf(path, context)]: ['invalid'] }));
    }
    done();
  });
}
