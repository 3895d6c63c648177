// ---------------------------------------------------------------------------------------------------------
// Paths of this site (docs/product/security.md#same-origin-paths): every way back, link or return address the
// store takes from a client or from staff is one of these, never another host.

/** The longest path accepted as a way back or a link. */
export const SITE_PATH_MAX_LENGTH = 500;

/** C0 and C1 controls, DEL and Unicode line breaks: browsers strip tabs and line breaks out of a URL. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
/** What a path as sent may not hold besides: a raw space or any Unicode space (they are sent percent-encoded). */
const RAW_SPACE = /[\u0020\u00a0\u1680\u2000-\u200f\u202f\u205f\u3000\ufeff]/u;

/** Decodes percent escapes until nothing changes (a few rounds at most); undefined when an escape is broken. */
function fullyDecoded(value: string): string | undefined {
  let current = value;
  for (let round = 0; round < 4; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return undefined;
    }
    if (next === current) return current;
    current = next;
  }
  // Still changing after four rounds: nobody writes a link like that but someone probing.
  return undefined;
}

/** Whether one spelling of a path starts at this site's root and could not name another host. */
function rootedHere(path: string): boolean {
  if (!path.startsWith('/')) return false;
  // `//host` is host-relative, and browsers read a backslash as a slash (`/\host`).
  if (path[1] === '/' || path.includes('\\')) return false;
  return !CONTROL.test(path);
}

/**
 * Whether a value is a path of this site: it starts with one `/`, names no scheme or host, and neither it nor
 * any percent-decoded spelling of it carries a backslash or a control character, which browsers read as a slash or
 * strip (`/%09/evil.example` becomes `//evil.example`). Anything else is refused, not repaired.
 */
export function isSameOriginPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > SITE_PATH_MAX_LENGTH) return false;
  if (!rootedHere(value) || RAW_SPACE.test(value)) return false;
  const decoded = fullyDecoded(value);
  return decoded !== undefined && rootedHere(decoded);
}

/** Where the web returns after a binding or sign-in started from a page: the path if it is of this site, else the fallback. */
export function safeReturnPath(path: string | null | undefined, fallback: string): string {
  return isSameOriginPath(path) ? path : fallback;
}
