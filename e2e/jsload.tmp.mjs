import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
const args = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
for (const url of process.argv.slice(2)) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  const js = [];
  page.on('request', (r) => { if (r.resourceType() === 'script' || r.url().endsWith('.js')) js.push(new URL(r.url()).pathname); });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  let total = 0;
  const rows = [];
  for (const p of [...new Set(js)]) {
    const buf = readFileSync('/work/main/apps/web/dist' + p);
    const gz = gzipSync(buf, { level: 9 }).length;
    total += gz;
    rows.push([p.replace('/assets/', ''), (buf.length / 1024).toFixed(1), (gz / 1024).toFixed(2)]);
  }
  rows.sort((a, b) => Number(b[2]) - Number(a[2]));
  console.log(`\n${url}: ${rows.length} scripts, ${(total / 1024).toFixed(1)} KB gzip`);
  for (const r of rows) console.log(`  ${r[0].padEnd(34)} ${r[1].padStart(7)} KB  ${r[2].padStart(7)} KB gz`);
  await ctx.close();
}
await browser.close();
