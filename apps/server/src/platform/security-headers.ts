import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

type Directives = Record<string, string[]>;

/**
 * The content security policy of the web app (and, as a default, of every other answer). Script runs only
 * from this origin or as one of the inline scripts a page names by hash (`pagePolicy`); styles may be
 * inline (the page shell and the UI primitives set style attributes); nothing may frame a page that can pay
 * from a wallet in one click; forms go only to this site and the payment gateways' checkouts.
 */
function appDirectives(config: Config): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    // Uploaded images come from this origin, or from the bucket's public address when one is configured.
    'img-src': ["'self'", 'data:', 'blob:', ...(config.storage.kind === 's3' && config.storage.publicUrl ? [new URL(config.storage.publicUrl).origin] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'", ...config.formActionOrigins],
    'frame-ancestors': ["'none'"],
    // Behind TLS, a stray http:// reference is fetched over https rather than blocked or sent in clear.
    ...(config.NODE_ENV === 'production' && { 'upgrade-insecure-requests': [] }),
  };
}

const serialize = (directives: Directives) =>
  Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');

/** `'sha256-…'` of an inline script's text, as a policy names it. */
export const scriptHash = (source: string) => `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;

/** The policy of one page of the web app: the app's, with its own inline scripts allowed by hash. */
export function pagePolicy(config: Config, inlineScriptHashes: readonly string[]): string {
  const directives = appDirectives(config);
  directives['script-src'] = [...directives['script-src']!, ...inlineScriptHashes];
  return serialize(directives);
}

/**
 * The headers helmet would set with these options, worked out once: they depend only on the configuration,
 * and building helmet's middleware on every request (as @fastify/helmet does) parsed the policy again each
 * time — measured at about 3% of the CPU of a signed-in read (bench/RESULTS.md).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let done = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => (done = true));
  if (!done) throw new Error('helmet did not finish synchronously; its headers cannot be precomputed');
  return headers;
}

/**
 * Security headers on every answer (helmet's): the policy above, nosniff, a referrer policy that keeps paths
 * off other sites, no framing, and HSTS in production only (a development server on plain http must not
 * teach the browser to refuse it). A route may send its own policy (the sandbox checkout does): the headers
 * are set when the request arrives, so anything the route sets replaces them.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const headers = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: appDirectives(config) },
    strictTransportSecurity: config.NODE_ENV === 'production' ? { maxAge: 365 * 24 * 3600, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // The two sites are two origins of one store (the same site in development): either may show the other's images.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onRequest', (_request, reply, next) => {
    reply.headers(headers);
    next();
  });
}
