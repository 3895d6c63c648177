import { z } from 'zod';

/** A database id in a path or query: a positive integer a bigint column and JavaScript both hold exactly. */
export const dbId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const idParams = z.object({ id: dbId });

/** `ids[]=1&ids[]=2` arrives as an array (qs parsing); a lone `ids=1` as one value. */
export const idList = z.union([z.array(dbId), dbId]);

export function asList<T>(value: T | T[]): T[] {
  return Array.isArray(value) ? value : [value];
}
