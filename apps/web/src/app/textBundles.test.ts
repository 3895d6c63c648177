import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_TEXTS } from './routeTexts';
import { paths } from '../lib/paths';
import { BUNDLES } from '../i18n/bundles';
import { SRC, keysOf, keysUsedBy, localeBundles, reach, resolveImport, sourceFiles } from '../i18n/usage';

/**
 * The locale bundles against the code (docs/decisions/0058-locale-bundles.md): the keys of every bundle in both
 * languages, each key in one bundle, and every key a piece of the app uses loaded before that piece draws — the
 * frame's keys in the core, a route's in the core or the bundles its route loads (app/routeTexts.ts).
 */
const bundles = localeBundles();
const keysIn = (bundle: string, language = 'en') => keysOf(bundles.find((b) => b.bundle === bundle && b.language === language)?.texts ?? {});
const allKeys = [...new Set(bundles.flatMap((b) => keysOf(b.texts)))];
const used = new Map(sourceFiles().map((file) => [file, keysUsedBy(file, allKeys)]));
const keysUsedFrom = (files: Iterable<string>) => new Set([...files].flatMap((f) => [...(used.get(f) ?? [])]));

const ROUTER = 'app/router.tsx';
const router = readFileSync(join(SRC, ROUTER), 'utf8');
const pageModule = (spec: string) => resolveImport(ROUTER, spec) ?? `unresolved ${spec}`;

/** The router's pages: the path's name in `paths`, the page's module, and the frame it is drawn in (a layout route's module). */
function routes(): { path: keyof typeof paths; module: string; frame: string | null }[] {
  const layout = /lazy: \(\) => import\('([^']+)'\)[\s\S]*?children: \[([\s\S]*?)\n\s*\],/.exec(router);
  const pages = (text: string, frame: string | null) =>
    [...text.matchAll(/page\(paths\.(\w+), \(\) => import\('([^']+)'\)/g)].map((m) => ({ path: m[1] as keyof typeof paths, module: pageModule(m[2]!), frame }));
  const framed = layout ? pages(layout[2]!, pageModule(layout[1]!)) : [];
  return [...pages(router, null).filter((r) => !framed.some((f) => f.path === r.path)), ...framed];
}

describe('the locale bundles', () => {
  it('hold the same keys in both languages, each bundle of its own', () => {
    for (const bundle of ['core', ...BUNDLES]) {
      expect(keysIn(bundle, 'en').length, bundle).toBeGreaterThan(0);
      expect(keysIn(bundle, 'zh-CN').sort(), bundle).toEqual(keysIn(bundle, 'en').sort());
    }
    expect(bundles.map((b) => b.language).filter((l) => l !== 'en' && l !== 'zh-CN')).toEqual([]);
  });

  it('hold each key once', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const bundle of ['core', ...BUNDLES]) {
      for (const key of keysIn(bundle)) {
        if (seen.has(key)) twice.push(`${key}: ${seen.get(key)} and ${bundle}`);
        seen.set(key, bundle);
      }
    }
    expect(twice).toEqual([]);
  });

  it("have every key the frame of every page uses in the core (the frame's lazy parts too, not the pages)", () => {
    const frame = reach(['main.tsx', 'ui/RequireSignIn.tsx'], (from) => from !== ROUTER);
    const core = new Set(keysIn('core'));
    expect([...keysUsedFrom(frame)].filter((k) => !core.has(k))).toEqual([]);
  });

  it('have every key the code of a route uses in the core or a bundle the route loads', () => {
    const core = new Set(keysIn('core'));
    const found = routes();
    expect(found.length).toBeGreaterThan(50);
    const missing: string[] = [];
    for (const route of found) {
      const loaded = ROUTE_TEXTS[paths[route.path] as string] ?? [];
      const inLoaded = new Set(loaded.flatMap((b) => keysIn(b)));
      for (const key of keysUsedFrom(reach([route.module, ...(route.frame ? [route.frame] : [])]))) {
        if (!core.has(key) && !inLoaded.has(key)) missing.push(`${route.path} (${route.module}): ${key} is in ${bundles.find((b) => keysOf(b.texts).includes(key))?.bundle}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('are named by the routes as they exist: every route listed once, each bundle real', () => {
    const listed = routes().map((r) => paths[r.path] as string);
    expect(Object.keys(ROUTE_TEXTS).sort()).toEqual([...new Set(listed)].sort());
    for (const names of Object.values(ROUTE_TEXTS)) for (const name of names) expect(BUNDLES).toContain(name);
  });
});
