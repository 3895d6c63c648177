import { request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { CSRF_HEADER } from '@lantern/contract';
import { SseClient } from './live-support.ts';

/** One `Set-Cookie` as the browser would read it: its value and attributes. */
export interface SetCookie {
  name: string;
  value: string;
  attributes: Map<string, string>;
}

export function parseSetCookie(header: string): SetCookie {
  const [pair = '', ...rest] = header.split(';');
  const eq = pair.indexOf('=');
  const attributes = new Map<string, string>();
  for (const part of rest) {
    const [key = '', value = ''] = part.trim().split('=');
    attributes.set(key.toLowerCase(), value);
  }
  return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), attributes };
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  json<T = Record<string, unknown>>(): T;
}

export interface BrowserOptions {
  /** The proxy's HTTPS origin as the machine reaches it (127.0.0.1 and its port). */
  port: number;
  /** The site's host name: sent as SNI and Host, as a browser at https://<host> would. */
  host: string;
  /** The proxy's certificate (self-signed), trusted as a browser that was told to would. */
  ca: Buffer;
  /** The client's own address (another loopback address than the proxy's), so the app's view of it can be checked. */
  localAddress?: string;
}

/**
 * A browser's view of one site through the proxy: HTTPS with SNI, a cookie jar that keeps what the site sets
 * (the `__Host-` cookies are only sent back over https, as here), and the CSRF header echoed on writes, as the
 * web's client does.
 */
export class ProxiedBrowser {
  readonly cookies = new Map<string, string>();

  constructor(readonly options: BrowserOptions) {}

  private headers(extra: OutgoingHttpHeaders = {}): OutgoingHttpHeaders {
    const csrf = [...this.cookies].find(([name]) => name.endsWith('lantern_csrf'))?.[1];
    return {
      host: `${this.options.host}:${this.options.port}`,
      ...(this.cookies.size > 0 && { cookie: [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ') }),
      ...(csrf && { [CSRF_HEADER]: csrf }),
      ...extra,
    };
  }

  private keep(headers: IncomingHttpHeaders) {
    for (const line of headers['set-cookie'] ?? []) {
      const cookie = parseSetCookie(line);
      if (cookie.value === '' || cookie.attributes.get('max-age') === '0') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  request(method: string, path: string, body?: unknown, headers: OutgoingHttpHeaders = {}): Promise<Answer> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    return new Promise((resolve, reject) => {
      const req = httpsRequest({
        host: '127.0.0.1', port: this.options.port, method, path, servername: this.options.host, ca: this.options.ca,
        localAddress: this.options.localAddress, agent: false,
        headers: this.headers({ ...(payload && { 'content-type': 'application/json', 'content-length': payload.length }), ...headers }),
      }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          this.keep(res.headers);
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, json: <T>() => JSON.parse(text) as T });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  get(path: string, headers?: OutgoingHttpHeaders) {
    return this.request('GET', path, undefined, headers);
  }
  post(path: string, body: unknown) {
    return this.request('POST', path, body);
  }
  patch(path: string, body: unknown) {
    return this.request('PATCH', path, body);
  }

  /** The live stream as the browser's EventSource opens it: with the site's cookies, read as it arrives. */
  live(): Promise<SseClient> {
    return SseClient.read((onResponse) => httpsRequest({
      host: '127.0.0.1', port: this.options.port, method: 'GET', path: '/api/live', servername: this.options.host, ca: this.options.ca,
      localAddress: this.options.localAddress, agent: false,
      headers: this.headers({ accept: 'text/event-stream' }),
    }, onResponse));
  }
}

/** A plain HTTP request straight to a port on the loopback address (an instance, the proxy's HTTP port, a metrics port). */
export function plainRequest(port: number, path: string, headers: OutgoingHttpHeaders = {}, localAddress?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: 'GET', headers, localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, json: <T>() => JSON.parse(text) as T });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
