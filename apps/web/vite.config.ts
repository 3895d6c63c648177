/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';

const target = process.env.LANTERN_API ?? 'http://127.0.0.1:3000';

/**
 * The workspace packages are pure (schemas, constants, rules) but do not say so in their package.json; telling
 * the bundler lets it drop unused zod schemas, so the first page does not carry every schema of the contract.
 */
const pureWorkspacePackages: Plugin = {
  name: 'lantern-pure-workspace-packages',
  transform(_code, id) {
    if (/[\\/]packages[\\/](contract|domain)[\\/]src[\\/]/.test(id)) return { code: _code, map: null, moduleSideEffects: false };
    return null;
  },
};

interface OutputChunk {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
}

/**
 * The first page of a store route waits on chunks only the running app knows it needs: the core texts of the
 * language (site's or the user's choice), the page itself and the page's locale bundles in that language (with
 * the two small modules that load bundles; docs/decisions/0058-locale-bundles.md). A tiny inline script, placed
 * after the site facts the server injects, asks for them at once (modulepreload) and, on the home and a game page, for
 * the page's data (the same URL the app then fetches), so they download in parallel with the entry instead
 * of after it. The server may inline the home's data in the page (`__LANTERN__.data === 'home'`): then there
 * is nothing to fetch.
 */
/** How many `<link>`s the first-page script adds in one task (see its comment). */
const LINKS_PER_TASK = 8;

const firstPagePreloads: Plugin = {
  name: 'lantern-first-page-preloads',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, ctx) {
      if (!ctx.bundle) return html;
      const chunks = Object.values(ctx.bundle).filter((c): c is OutputChunk & typeof c => c.type === 'chunk') as unknown as OutputChunk[];
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entry = chunks.find((c) => c.isEntry);
      const already = new Set<string>(entry ? [entry.fileName, ...entry.imports] : []);
      const closure = (test: RegExp) => {
        const start = chunks.find((c) => c.facadeModuleId && test.test(c.facadeModuleId));
        if (!start) return [];
        const out: string[] = [];
        const walk = (file: string) => {
          if (already.has(file) || out.includes(file)) return;
          out.push(file);
          for (const dep of byFile.get(file)?.imports ?? []) walk(dep);
        };
        walk(start.fileName);
        return out.map((f) => `/${f}`);
      };
      /** A feature's locale bundle in each language (src/app/routeTexts.ts names a route's; firstPagePreloads.test.ts checks these). */
      const texts = (feature: string) => ({
        'zh-CN': closure(new RegExp(`[\\\\/]features[\\\\/]${feature}[\\\\/]locale[\\\\/]zh-CN\\.json$`)),
        en: closure(new RegExp(`[\\\\/]features[\\\\/]${feature}[\\\\/]locale[\\\\/]en\\.json$`)),
      });
      // The store pages a first visitor lands on: the path's pattern, the page's chunks, the public reads the
      // page asks for first (`$1` is the path's id), each fetched with the visitor's cookies as the app does, and
      // the page's locale bundles.
      const pages: [string, string[], string[], Record<'zh-CN' | 'en', string[]>][] = [
        ['^/(?:home)?$', closure(/[\\/]features[\\/]home[\\/]components[\\/]HomePage\.tsx$/), [], texts('home')],
        ['^/sku/(\\d{1,12})$', closure(/[\\/]features[\\/]sku[\\/]components[\\/]SkuPage\.tsx$/), ['/api/skus/$1', '/api/events/sec_kills'], texts('sku')],
        ['^/posts/(\\d{1,12})$', closure(/[\\/]features[\\/]community[\\/]components[\\/]PostPage\.tsx$/), ['/api/posts/$1'], texts('community')],
        ['^/headlines/(\\d{1,12})$', closure(/[\\/]features[\\/]community[\\/]headlines[\\/]HeadlinePage\.tsx$/), ['/api/headlines/$1'], texts('community')],
        // A group page shows its first page of posts (7 a page: the domain's PAGE_SIZES.reviews) with the group
        // (src/app/firstPagePreloads.test.ts checks this is the URL the app asks for).
        ['^/community/groups/(\\d{1,12})$', closure(/[\\/]features[\\/]community[\\/]components[\\/]GroupPage\.tsx$/), ['/api/groups/$1', '/api/search/posts?group_id=$1&page=1&per=7'], texts('community')],
        ['^/talks$', closure(/[\\/]features[\\/]community[\\/]components[\\/]TalksPage\.tsx$/), [], texts('community')],
      ];
      // Every page's first route loads its bundles through these two modules (the route's list, the bundles' files).
      const loading = [...closure(/[\\/]app[\\/]routeTexts\.ts$/), ...closure(/[\\/]i18n[\\/]bundles\.ts$/)];
      const lang = { 'zh-CN': [...closure(/[\\/]i18n[\\/]zh-CN\.json$/), ...loading], en: [...closure(/[\\/]i18n[\\/]en\.json$/), ...loading] };
      // The entry and the modulepreloads Vite wrote into the head leave it: the same script asks for them after the
      // first paint (docs/decisions/0059-paint-before-scripts.md), so the page's HTML, CSS and lead picture have the
      // network and the main thread to themselves until the server-drawn first screen is on the screen.
      const entryFile = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)?.[1];
      if (!entryFile) throw new Error('index.html has no entry script to load after the first paint');
      const entryPreloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]!);
      html = html.replace(/\s*<script type="module" crossorigin src="[^"]+"><\/script>/, '').replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '');
      // Each `<link>` the script adds starts a request there and then (about 2.5 ms of the main thread each on a phone),
      // so the ~40 of a first page go in batches of LINKS_PER_TASK, one task each, the entry script after the last:
      // no single long task for the browser to count as blocking (docs/decisions/0059-paint-before-scripts.md).
      const script =
        `<script>(function(){var entry=${JSON.stringify(entryFile)},preload=${JSON.stringify(entryPreloads)};function go(){` +
        `var m=${JSON.stringify({ lang, pages })},s=window.__LANTERN__||{},l=null,q=[];` +
        `try{l=localStorage.getItem('lantern.language')}catch(e){}` +
        `if(l!=='en'&&l!=='zh-CN')l=s.language==='en'?'en':'zh-CN';` +
        `function p(h,as){q.push([h,as])}` +
        `function add(h,as){var e=document.createElement('link');e.rel=as?'preload':'modulepreload';e.href=h;` +
        `if(as){e.as=as;e.crossOrigin='use-credentials'}else{e.crossOrigin=''}document.head.appendChild(e)}` +
        `var r=location.pathname,g=null,k=null;m.pages.forEach(function(x){var y=new RegExp(x[0]).exec(r);if(y&&!g){g=x;k=y}});` +
        // The page's reads first: the server's answer is the longest wait of the first render.
        `if(g){` +
        // The home's data may be inline already (`__LANTERN__.data === 'home'`): nothing to fetch then.
        `if(k[0]==='/'||k[0]==='/home'){if(s.data!=='home')p('/api/v7/home?client=web&version=1','fetch')}` +
        // A guest's game, post, headline or group page carries its first read (`__LANTERN__.data` is its API path).
        // A read with its own query (a list's first page) is the page's only when the address asks for no other view.
        `g[2].forEach(function(u){u=u.replace('$1',k[1]);var i=u.indexOf('?');if(i>=0&&location.search)return;` +
        `if(s.data!==u)p(i<0?u+'?client=web&version=1':u.replace('?','?client=web&version=1&'),'fetch')})}` +
        `preload.forEach(function(h){p(h)});m.lang[l].forEach(function(h){p(h)});if(g)g[1].concat(g[3][l]).forEach(function(h){p(h)});` +
        `(function batch(){for(var n=0;n<${LINKS_PER_TASK}&&q.length;n++)add(q[0][0],q.shift()[1]);if(q.length)return setTimeout(batch,0);` +
        `var e=document.createElement('script');e.type='module';e.crossOrigin='';e.src=entry;document.head.appendChild(e)})()}` +
        // After the first paint: a frame's callback runs just before it is painted, a task queued from there just
        // after. A hidden page paints nothing (and runs no frame callbacks): it starts at once.
        `if(document.visibilityState==='visible')requestAnimationFrame(function(){setTimeout(go,0)});else go()})()</script>`;
      return html.replace('</body>', `  ${script}\n  </body>`);
    },
  },
};

/**
 * Text assets also written compressed (.br, .gz) next to themselves, for a server that serves precompressed
 * files (e.g. @fastify/static `preCompressed: true`): the JavaScript budget is counted compressed.
 */
const precompress: Plugin = {
  name: 'lantern-precompress',
  apply: 'build',
  closeBundle() {
    const dir = fileURLToPath(new URL('./dist/assets', import.meta.url));
    for (const name of readdirSync(dir)) {
      if (!/\.(js|css|svg|json)$/.test(name)) continue;
      const body = readFileSync(join(dir, name));
      if (body.length < 1024) continue;
      writeFileSync(join(dir, `${name}.gz`), gzipSync(body, { level: 9 }));
      writeFileSync(join(dir, `${name}.br`), brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }));
    }
  },
};

/**
 * One build serves both sites: the server injects the site facts into index.html (`<!--lantern-site-->`).
 * In `vite dev` there is no injection, so the app asks GET /api/v1/fetch_region through the proxy.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), pureWorkspacePackages, firstPagePreloads, precompress],
  resolve: {
    // The app's own translation engine stands in for react-i18next (in the build and the tests alike): the same
    // calls, without i18next's ~15 KB gzip on every first page (src/i18n/core.ts, docs/decisions/0042-first-paint.md).
    alias: [{ find: /^react-i18next$/, replacement: fileURLToPath(new URL('./src/i18n/react.tsx', import.meta.url)) }],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target, changeOrigin: false },
      '/districts': { target, changeOrigin: false },
      '/__dev': { target, changeOrigin: false },
    },
  },
  // A language's texts are one JSON chunk evaluated at boot: as `JSON.parse('…')` V8 reads it faster than the same
  // data written as an object literal (docs/decisions/0059-paint-before-scripts.md).
  json: { stringify: true, namedExports: false },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // Every browser the build targets (es2022) knows `<link rel="modulepreload">`; the polyfill for older ones
    // would ride in every first page's entry (docs/decisions/0042-first-paint.md, "Initial JavaScript").
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Keep the first route small: framework code in long-cached vendor chunks, each page lazily loaded.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            // Only what every page uses: the infinite lists and useQueries load with the pages that use them, not
            // with the first page.
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/](?!.*(?:[iI]nfiniteQuery|[qQ]ueries))/, priority: 25 },
            { name: 'radix', test: /node_modules[\\/](@radix-ui|@floating-ui|aria-hidden|react-remove-scroll.*|use-callback-ref|use-sidecar|tslib|get-nonce|detect-node-es)[\\/]/, priority: 20 },
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform|zod)[\\/]/, priority: 20 },
            // The small modules every first page loads and the lazy pages (and the lazy footer) share: the API client
            // and its paths, the site's facts, the session, the sign-in and tab stores, the shell's icons, the
            // translation hooks, constants, clsx. One chunk, not ten of a few hundred bytes, each compressed and
            // requested on its own (the home's initial JavaScript, scripts/initial-js.mjs).
            { name: 'frame', test: /(apps[\\/]web[\\/]src[\\/]lib[\\/](tabStore|signInStore|frame-query-keys|site|api|paths|session)\.ts|apps[\\/]web[\\/]src[\\/](ui[\\/]shellIcons|i18n[\\/]react)\.tsx|packages[\\/]contract[\\/]src[\\/]routes\.ts|packages[\\/]domain[\\/]src[\\/]constants\.ts|node_modules[\\/]clsx[\\/])/, priority: 15 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // A hang detector, not a speed bound: a dialog test that takes 1 s alone took over 5 s (vitest's default) on a
    // shared two-core machine under load. Speed is measured in bench/, never by a test's timeout.
    testTimeout: 20_000,
  },
});
