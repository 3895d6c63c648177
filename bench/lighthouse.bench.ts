import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = fileURLToPath(new URL('..', import.meta.url));
const PORTS = { native: 3210, abroad: 3211 } as const;
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface LighthouseRow {
  page: string;
  url: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

async function waitFor(url: string, seconds: number) {
  for (let i = 0; i < seconds * 4; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

/** The JavaScript index.html makes the browser load before anything else: its entry and modulepreloads, gzip-sized. */
export function initialJavaScript(): { files: { name: string; gzipBytes: number }[]; totalGzipBytes: number } {
  const dist = `${root}apps/web/dist`;
  const html = readFileSync(`${dist}/index.html`, 'utf8');
  const names = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  const files = [...new Set(names)].map((name) => ({ name, gzipBytes: gzipSync(readFileSync(`${dist}/${name}`)).length }));
  return { files, totalGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}

/**
 * Lighthouse (mobile preset, simulated throttling) on the built app served by the real server with demo
 * data, in the system Chromium: the store home and a game page on both sites.
 */
export async function lighthouseBench(): Promise<LighthouseRow[]> {
  const server = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    cwd: root,
    env: { ...process.env, E2E_PORT_NATIVE: String(PORTS.native), E2E_PORT_ABROAD: String(PORTS.abroad) },
    stdio: 'ignore',
  });
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    await waitFor(`http://127.0.0.1:${PORTS.native}/api/v1/fetch_region`, 120);
    const rows: LighthouseRow[] = [];
    for (const area of ['native', 'abroad'] as const) {
      const base = `http://127.0.0.1:${PORTS[area]}`;
      const { skus } = (await (await fetch(`${base}/api/suggest/skus`)).json()) as { skus: { id: number }[] };
      for (const [page, path] of [['home', '/'], ['game page', `/sku/${skus[0]!.id}`]] as const) {
        const url = `${base}${path}`;
        const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
        const lhr = result!.lhr;
        rows.push({
          page: `${area} ${page}`,
          url: path,
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
          cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
          tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
        });
      }
    }
    return rows;
  } finally {
    chrome.kill();
    server.kill('SIGTERM');
  }
}
