import { chromium } from '@playwright/test';
const args = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const [,, ...targets] = process.argv; // items like native:/:home
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
const sites = { native: 'http://localhost:3000', abroad: 'http://localhost:3001' };
const widths = (process.env.WIDTHS ?? '1366,390').split(',').map(Number);
for (const t of targets) {
  const [site, path, name] = t.split('|');
  for (const w of widths) {
    const ctx = await browser.newContext({ viewport: { width: w, height: w > 800 ? 900 : 844 }, deviceScaleFactor: 1 });
    const page = await ctx.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    await page.goto(sites[site] + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(Number(process.env.WAIT ?? 1800));
    const file = `/tmp/shots/${site}-${name}-${w}.png`;
    await page.screenshot({ path: file, fullPage: process.env.FULL !== '0' });
    console.log(file, errors.length ? 'ERRORS: ' + errors.join(' | ') : '');
    await ctx.close();
  }
}
await browser.close();
