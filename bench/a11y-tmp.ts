import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const ports = { native: 3350, abroad: 3351 };
const getJson = async (u: string) => (await fetch(u)).json() as Promise<any>;
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
const only = process.argv[2];
try {
  for (const area of ['native', 'abroad'] as const) {
    const base = `http://127.0.0.1:${ports[area]}`;
    const { skus } = await getJson(`${base}/api/suggest/skus`);
    const home = await getJson(`${base}/api/community_home`);
    const { headlines } = await getJson(`${base}/api/headlines`);
    const post = home.hot_posts[0] ?? home.recent_posts[0];
    const pages = [['home', '/'], ['game', `/sku/${skus[0].id}`], ['group', `/community/groups/${home.group_halls[0].id}`], ['post', `/posts/${post.id}`], ['headline', `/headlines/${headlines[0].id}`], ['talks', '/talks']];
    for (const [name, path] of pages) {
      if (only && name !== only) continue;
      const r = await lighthouse(`${base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['accessibility'] });
      const lhr = r!.lhr;
      const failed = Object.values(lhr.audits).filter((a: any) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'informative');
      console.log(area, name, path, Math.round((lhr.categories.accessibility!.score ?? 0) * 100));
      for (const a of failed as any[]) {
        console.log('  -', a.id, a.title);
        for (const item of (a.details?.items ?? []).slice(0, 6)) console.log('     ', JSON.stringify(item.node?.snippet ?? item).slice(0, 300), item.node?.explanation ? '|' + String(item.node.explanation).slice(0, 300).replace(/\n/g, ' ') : '');
      }
    }
  }
} finally { chrome.kill(); }
