import { parse } from 'qs';

/**
 * Query strings in the Rails style the API uses (docs/product/README.md#api-conventions): `q[id_in][]=1&q[s]=rank desc` becomes
 * `{ q: { id_in: ['1'], s: 'rank desc' } }`. Depth and array size are bounded so a query cannot balloon.
 */
export function parseQuery(query: string): Record<string, unknown> {
  return parse(query, { depth: 4, arrayLimit: 100, parameterLimit: 200 });
}
