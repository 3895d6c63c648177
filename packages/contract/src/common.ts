import { z } from 'zod';

/** The error body of every /api call: field → list of stable snake_case reason codes (docs/product/README.md#errors). */
export const errorBody = z.object({
  errors: z.record(z.string(), z.array(z.string())),
  /** Extra facts a client needs to explain the error (remaining attempts, need_captcha, retry_after…). */
  meta: z.record(z.string(), z.unknown()).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const listMeta = z.object({
  total_count: z.number().int(),
  page: z.number().int(),
  per: z.number().int(),
});
export type ListMeta = z.infer<typeof listMeta>;

export const area = z.enum(['native', 'abroad']);
export const currency = z.enum(['CNY', 'USD']);
export const language = z.enum(['zh-CN', 'en']);

/** Whole seconds since the epoch, the API's only time format. */
export const timestamp = z.number().int();

/** Query parameters every call accepts (docs/product/README.md#clients-and-api-versions): client kind and API version. */
export const clientParams = z.object({
  client: z.enum(['web', 'pc', 'promotion']).optional(),
  version: z.coerce.number().int().optional(),
});

/** Paging (docs/product/README.md#paging): `page` from 1, `per` bounded so one call never scans a table. */
export function pagingQuery(defaultPer: number, maxPer = 100) {
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    per: z.coerce.number().int().min(1).max(maxPer).default(defaultPer),
  });
}

/**
 * A change to a resource (PATCH): at least one of its fields, so `{ watched_word: {} }` is 422 `base: invalid`
 * at the door instead of an update with nothing to set.
 */
export function someChange<T extends z.ZodObject>(fields: T) {
  return fields.refine((value: Record<string, unknown>) => Object.values(value).some((v) => v !== undefined), { message: 'name at least one field to change' });
}
