import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The server's ports: BENCH_LIGHTHOUSE_PORT (and the next one) when several worktrees measure on one machine. */
const FIRST_PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 3210);
const PORTS = { native: FIRST_PORT, abroad: FIRST_PORT + 1 } as const;
/** A folder to keep each run's Lighthouse report (JSON) in, for the breakdown behind a score (LCP element, FCP, TBT). */
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;
/** Runs per page; the reported run is Lighthouse's own median run (closest to the median FCP and TTI). */
export const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/**
 * To iterate on one page: `BENCH_LIGHTHOUSE_ONLY="native post,abroad game page"` measures only those rows
 * (a site and a page name of `pagesOf`, or a page name alone for both sites); the RESULTS.md section then holds
 * only those rows: for iterating, not for the record.
 */
const ONLY = (process.env.BENCH_LIGHTHOUSE_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const wanted = (area: string, page: string) => ONLY.length === 0 || ONLY.includes(page) || ONLY.includes(`${area} ${page}`);
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface LighthouseRow {
  page: string;
  url: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** The performance score of every run, in run order (the row is the median run's). */
  runs: number[];
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

/** How many more times a run that ended in a Lighthouse runtime error is made before the bench gives up. */
const RUN_RETRIES = 2;

/**
 * One Lighthouse run of a page that measured something. A run can end in a runtime error instead (NO_NAVSTART on a
 * fresh Chromium's first navigation, NO_FCP…): it has no FCP, and one such run among the others makes Lighthouse's
 * median refuse the whole page ("Some runs were missing an FCP value"). Such a run is made again, up to
 * RUN_RETRIES more times, and each retry is printed, so a figure never silently rests on a repeated run.
 */
async function measuredRun(label: string, run: number, measure: () => Promise<Result>): Promise<Result> {
  for (let attempt = 0; ; attempt++) {
    const lhr = await measure();
    const error = lhr.runtimeError;
    if (!error) return lhr;
    if (attempt === RUN_RETRIES) throw new Error(`${label}, run ${run}: Lighthouse failed ${attempt + 1} times, the last with ${error.code} (${error.message})`);
    console.log(`${label}, run ${run}: Lighthouse runtime error ${error.code}; running it again (retry ${attempt + 1} of ${RUN_RETRIES})`);
  }
}

/** The JavaScript index.html makes the browser load before anything else: one count, shared with `npm test`'s guard. */
export { initialJavaScript } from '../scripts/initial-js.mjs';

const getJson = async <T>(url: string): Promise<T> => (await fetch(url)).json() as Promise<T>;

/**
 * The pages a first visitor meets, on one site, with the demo data's ids: the store home, a game page, a
 * community group, a post of it, a headline and the talks feed.
 */
async function pagesOf(base: string): Promise<[string, string][]> {
  const { skus } = await getJson<{ skus: { id: number }[] }>(`${base}/api/suggest/skus`);
  const home = await getJson<{ group_halls: { id: number }[]; hot_posts: { id: number }[]; recent_posts: { id: number }[] }>(`${base}/api/community_home`);
  const { headlines } = await getJson<{ headlines: { id: number }[] }>(`${base}/api/headlines`);
  const post = home.hot_posts[0] ?? home.recent_posts[0];
  return [
    ['home', '/'],
    ['game page', `/sku/${skus[0]!.id}`],
    ['group page', `/community/groups/${home.group_halls[0]!.id}`],
    ['post', `/posts/${post!.id}`],
    ['headline', `/headlines/${headlines[0]!.id}`],
    ['talks', '/talks'],
  ];
}

/**
 * Lighthouse (mobile preset, simulated throttling) on the built app served by the real server with demo
 * data, in the system Chromium: the pages of `pagesOf` on both sites. Each page is measured
 * LIGHTHOUSE_RUNS times and reported by its median run (Lighthouse's advice against run-to-run variance);
 * before each run the page is requested once, so the server's short-lived shared cache is as warm as a
 * visited store's is and the run measures the page, not a cold cache.
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
      for (const [page, path] of await pagesOf(base)) {
        if (!wanted(area, page)) continue;
        const url = `${base}${path}`;
        const runs = [];
        for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
          const lhr = await measuredRun(`${area} ${page}`, i + 1, async () => {
            await fetch(url);
            const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
            return result!.lhr;
          });
          runs.push(lhr);
          if (REPORTS) {
            mkdirSync(REPORTS, { recursive: true });
            writeFileSync(`${REPORTS}/${area}-${page.replace(/\s+/g, '-')}-${i + 1}.json`, JSON.stringify(lhr));
          }
        }
        const lhr = computeMedianRun(runs);
        const score = (r: typeof lhr, category: string) => Math.round((r.categories[category]?.score ?? 0) * 100);
        rows.push({
          page: `${area} ${page}`,
          url: path,
          performance: score(lhr, 'performance'),
          accessibility: score(lhr, 'accessibility'),
          lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
          cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
          tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
          runs: runs.map((r) => score(r, 'performance')),
        });
      }
    }
    return rows;
  } finally {
    chrome.kill();
    server.kill('SIGTERM');
  }
}
