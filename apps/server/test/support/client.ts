import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Area } from '@lantern/domain';
import { HOSTS, type TestApp } from './harness.ts';

export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  query?: Record<string, string>;
  /** The caller's address (request.ip); limits kept per address see each test user apart by it. */
  ip?: string;
}

/** A caller on one site, as an API client would be (client=pc, Bearer tokens). */
export class SiteClient {
  constructor(
    private readonly app: FastifyInstance,
    readonly area: Area,
  ) {}

  async call(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown, options: CallOptions = {}): Promise<LightMyRequestResponse> {
    return this.app.inject({
      method,
      url,
      query: { client: 'pc', ...options.query },
      headers: {
        host: HOSTS[this.area],
        ...(options.token && { authorization: `Bearer ${options.token}` }),
        ...options.headers,
      },
      ...(options.cookies && { cookies: options.cookies }),
      ...(options.ip && { remoteAddress: options.ip }),
      ...(body !== undefined && { payload: body as object }),
    });
  }
  get(url: string, options?: CallOptions) {
    return this.call('GET', url, undefined, options);
  }
  post(url: string, body?: unknown, options?: CallOptions) {
    return this.call('POST', url, body, options);
  }
  patch(url: string, body?: unknown, options?: CallOptions) {
    return this.call('PATCH', url, body, options);
  }
  put(url: string, body?: unknown, options?: CallOptions) {
    return this.call('PUT', url, body, options);
  }
  delete(url: string, options?: CallOptions) {
    return this.call('DELETE', url, undefined, options);
  }
}

export function clients(t: TestApp) {
  return { native: new SiteClient(t.app, 'native'), abroad: new SiteClient(t.app, 'abroad') };
}
