import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in the system Chromium (never a downloaded browser) against a real server that serves
 * both sites from a fresh embedded database: scripts/e2e-server.mjs.
 */
const NATIVE_PORT = Number(process.env.E2E_PORT_NATIVE ?? 3100);
const ABROAD_PORT = Number(process.env.E2E_PORT_ABROAD ?? 3101);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './specs',
  // A journey of two or three people (sign-ups, axe checks, live streams) takes 45-65 s on the two-core machine
  // CI shares with the server and two browsers: the budget is there to catch a hang, not a busy machine.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  // The durations reporter ends every run with the slowest tests and each spec's total (where the time goes).
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }], ['./reporters/durations.ts']]
    : [['list'], ['./reporters/durations.ts']],
  outputDir: 'test-results',
  use: {
    launchOptions: {
      executablePath: CHROME,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    // Recording every action of every test made the axe-heavy ones a third slower on the shared machine: in CI
    // a failed test runs again (retries: 1) and that run is traced; locally a failure keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
  },
  webServer: {
    command: 'node ../scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${NATIVE_PORT}/api/v1/fetch_region`,
    reuseExistingServer: !process.env.CI,
    // Migrating and seeding the embedded database takes about a minute when the machine is quiet and several
    // under load: the bound is a hang detector.
    timeout: 600_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT_NATIVE: String(NATIVE_PORT), E2E_PORT_ABROAD: String(ABROAD_PORT) },
  },
  projects: [
    // A test tagged @native or @abroad runs in that site's project alone: its subject does not differ between
    // the sites (docs/decisions/0030-test-run-time.md, "The end-to-end tier", says when a test may be tagged).
    { name: 'native', grepInvert: /@abroad\b/, use: { baseURL: `http://localhost:${NATIVE_PORT}`, locale: 'zh-CN' } },
    { name: 'abroad', grepInvert: /@native\b/, use: { baseURL: `http://localhost:${ABROAD_PORT}`, locale: 'en-US' } },
  ],
});
