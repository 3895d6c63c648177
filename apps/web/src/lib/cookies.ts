import { SECURE_COOKIE_PREFIX } from '@lantern/contract';

function readRaw(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    if (part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return null;
}

/**
 * A script-readable cookie of this site by its base name: the production form (`__Host-<name>`, Secure)
 * first, then the bare name development uses. The server honours only the production form in production.
 */
export function readCookie(name: string): string | null {
  return readRaw(`${SECURE_COOKIE_PREFIX.wholeOrigin}${name}`) ?? readRaw(name);
}
