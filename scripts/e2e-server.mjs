// The server the end-to-end tests drive: the built web app on its own ports with a fresh embedded
// database in a temporary folder, and the development surface (outbox, captcha answers) switched on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureSupportedNode, ensureWebBuilt, startServer } from './lib.mjs';

await ensureSupportedNode();
ensureWebBuilt();
const dataDir = mkdtempSync(join(tmpdir(), 'lantern-e2e-'));
const native = process.env.E2E_PORT_NATIVE ?? '3100';
const abroad = process.env.E2E_PORT_ABROAD ?? '3101';
const server = startServer({
  NODE_ENV: 'development',
  PGLITE_DIR: join(dataDir, 'pglite'),
  DATABASE_URL: '',
  REDIS_URL: '',
  PORT_NATIVE: native,
  PORT_ABROAD: abroad,
  // The whole suite sends its codes from 127.0.0.1: the per-address limits are tested by the server tests.
  CODE_SENDS_PER_IP_PER_HOUR: '10000',
  CODE_SENDS_PER_IP_BEFORE_CAPTCHA: '10000',
  CONTACT_CHECKS_PER_IP_PER_HOUR: '10000',
  CAPTCHAS_PER_IP_PER_MINUTE: '10000',
  USER_LOOKUPS_PER_IP_PER_MINUTE: '10000',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
});
const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  cleanUp();
  process.exit(code ?? 0);
});
