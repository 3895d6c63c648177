/**
 * What of a staff request's body the audit log keeps: its shape and ordinary values, never a secret.
 * A value is withheld when the last word of its field's name says it is one (code, codes, key, password,
 * token, secret, captcha, sign…), whatever it holds; lists become their length; long text is cut; a text
 * body (a key file) is only counted. Objects are followed a few levels deep.
 */
const SECRET_WORDS = new Set(['code', 'codes', 'key', 'keys', 'password', 'passwords', 'token', 'tokens', 'secret', 'secrets', 'captcha', 'sign', 'signature', 'credential']);
const MAX_DEPTH = 4;
const MAX_TEXT = 200;
const MAX_FIELDS = 50;

export const REDACTED = '[redacted]';

function isSecretField(name: string): boolean {
  const words = name.toLowerCase().split(/[^a-z]+/).filter(Boolean);
  return SECRET_WORDS.has(words[words.length - 1] ?? '');
}

/**
 * U+0000 and lone surrogates, which no database text (nor jsonb) can hold: a probe sending them must still
 * leave its record, so they are shown as U+FFFD instead of failing the insert.
 */
const UNSTORABLE = /[\u0000\p{Cs}]/gu;
const storable = (text: string) => text.replace(UNSTORABLE, '\uFFFD');

function summarizeValue(value: unknown, depth: number): unknown {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return storable(value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value);
  if (Array.isArray(value)) return { items: value.length };
  if (typeof value === 'object') {
    if (depth >= MAX_DEPTH) return '[object]';
    const out: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(value).slice(0, MAX_FIELDS)) {
      out[storable(name)] = isSecretField(name) && (field === null || typeof field !== 'object' || Array.isArray(field)) ? summarizeSecret(field) : summarizeValue(field, depth + 1);
    }
    return out;
  }
  return `[${typeof value}]`;
}

/** A secret field: only that it was there (and how many, for a list). */
const summarizeSecret = (value: unknown) => (Array.isArray(value) ? { items: value.length, values: REDACTED } : REDACTED);

/** The summary of a body (or of query parameters, by the same rules). */
export function summarizeForAudit(body: unknown): unknown {
  if (body === undefined) return null;
  if (typeof body === 'string') return { text_bytes: Buffer.byteLength(body, 'utf8') };
  return summarizeValue(body, 0);
}
