import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SITE_KEEP_ALIVE_MS, siteServer } from './site-server.ts';

const servers: ReturnType<typeof siteServer>[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

describe('siteServer', () => {
  it("keeps idle connections open as long as Fastify's own servers do, and tells clients so", async () => {
    const server = siteServer((_req, res) => res.end('ok'));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const keepAlive = await new Promise<unknown>((resolve, reject) => {
      request({ port, host: '127.0.0.1', headers: { connection: 'keep-alive' } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.headers['keep-alive']));
      }).on('error', reject).end();
    });
    expect(keepAlive).toBe(`timeout=${SITE_KEEP_ALIVE_MS / 1000}`);
  });
});
