import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';

/** Response schemas whose answers are written by a serializer compiled from them (see `compiledResponse`). */
const compiled = new WeakSet<ZodType>();

/**
 * Marks a response schema of a hot route (GET /api/me, creating and paying an order) to be written by a
 * serializer compiled once from its JSON Schema (fast-json-stringify) instead of being parsed by zod on
 * every answer — measured at 5–6% of the CPU of a signed-in read (bench/RESULTS.md). It writes exactly the
 * fields the contract names, so nothing the contract does not name leaks, as with zod; it does not check
 * values at run time, which the contract's types already do at compile time (the route's handler must
 * answer the schema's type). A required field that is missing still fails the answer. Answers the schema
 * itself, so a route writes `response: { 200: compiledResponse(me) }` and keeps its types.
 */
export function compiledResponse<T extends ZodType>(schema: T): T {
  compiled.add(schema);
  return schema;
}

/** The app's serializer compiler: compiled for marked schemas, zod's parse-then-stringify for the rest. */
export const responseSerializerCompiler: FastifySerializerCompiler<ZodType> = (route) =>
  compiled.has(route.schema) ? compileSerializer(route.schema) : zodSerializerCompiler(route);

/** A serializer for the schema's output (`io: 'output'`: what the handler answers). Exported for its test. */
export function compileSerializer(schema: ZodType): (data: unknown) => string {
  return fastJson(serializable(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' })) as Parameters<typeof fastJson>[0]);
}

type Schema = Record<string, unknown>;
const isNullType = (s: unknown) => typeof s === 'object' && s !== null && (s as Schema).type === 'null';

/**
 * The JSON Schema zod writes, in the form fast-json-stringify writes fastest: `X | null` (zod's `anyOf`
 * with a null branch) becomes X with `nullable`, so no branch is tried per value; keywords it ignores
 * (bounds, `$schema`) are left out. Walks only schema positions, so a property named like a keyword stays.
 */
function serializable(node: unknown): unknown {
  if (typeof node !== 'object' || node === null) return node;
  const schema = node as Schema;
  const anyOf = schema.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2 && anyOf.some(isNullType)) {
    return { ...(serializable(anyOf.find((s) => !isNullType(s))) as Schema), nullable: true };
  }
  const out: Schema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === '$schema' || keyword === 'minimum' || keyword === 'maximum' || keyword === 'propertyNames') continue;
    if (keyword === 'properties') out.properties = Object.fromEntries(Object.entries(value as Schema).map(([name, s]) => [name, serializable(s)]));
    else if (keyword === 'items' || keyword === 'additionalProperties') out[keyword] = serializable(value);
    else if (keyword === 'anyOf' || keyword === 'oneOf' || keyword === 'allOf') out[keyword] = (value as unknown[]).map(serializable);
    else out[keyword] = value;
  }
  return out;
}
