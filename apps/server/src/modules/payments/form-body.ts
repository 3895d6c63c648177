import type { FastifyInstance } from 'fastify';

/**
 * Gateways post their notifications, and the sandbox pages their buttons, as HTML forms
 * (application/x-www-form-urlencoded). Registered inside the payment plugins only, so the rest of the API
 * stays JSON. A field named twice keeps its last value.
 */
export function acceptFormBodies(app: FastifyInstance) {
  // A child plugin inherits its parent's parser; adding it twice is an error.
  if (app.hasContentTypeParser('application/x-www-form-urlencoded')) return;
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

/** The flat string fields of a parsed form, JSON body or query; anything nested is left out. */
export function stringFields(value: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return fields;
  for (const [key, v] of Object.entries(value)) {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') fields[key] = String(v);
  }
  return fields;
}
