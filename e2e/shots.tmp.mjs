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
    await page.waitForTimeout(Number(process.env.WAIT ?? 1500));
    const total = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < total; y += 600) {
      await page.evaluate((yy) => window.scrollTo(0, yy), y);
      await page.waitForTimeout(120);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(800);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const seg = w > 800 ? 1300 : 1700;
    const files = [];
    for (let y = 0, i = 0; y < height; y += seg, i++) {
      const file = `/tmp/shots/${site}-${name}-${w}-${i}.png`;
      await page.screenshot({ path: file, fullPage: true, clip: { x: 0, y, width: w, height: Math.min(seg, height - y) } });
      files.push(file);
    }
    console.log(`${site}-${name}-${w}: ${files.length} segments, height ${height}`, errors.length ? 'ERRORS: ' + errors.join(' | ') : '');
    await ctx.close();
  }
}
await browser.close();
