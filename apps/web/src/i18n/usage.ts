import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { merge, type Resources } from './core';

/**
 * Which texts each piece of the app uses, read from the source (for the tests that hold the locale bundles to the
 * code, app/textBundles.test.ts; docs/decisions/0058-locale-bundles.md). Node-only: never imported by the app.
 *
 * A file uses a key when one of its string literals names it, a branch of keys (`'guide.steps'`), or a key's
 * stem: its plural forms (`'cart.items'` → `cart.items_one`, `cart.items_other`) and the keys the code derives
 * from it (`` t(`${key}_sr`) `` of `'flash.ends_in'` → `flash.ends_in_sr`); or when one of its template literals
 * opens with a key's beginning (`` `orders.state_${state}` `` uses every `orders.state_…`). Only texts with a `.`
 * count: a bare word is never taken for a whole namespace. Reading more than is used only puts a key where more
 * code finds it; reading less would show a key instead of its text, so the reading errs on the wide side.
 */

export const SRC = resolve(__dirname, '..');

const CODE = /\.(ts|tsx)$/;

/** The app's own source files (src-relative, `/`-separated), without tests and test helpers. */
export function sourceFiles(dir = SRC): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'test') out.push(...sourceFiles(path));
    } else if (CODE.test(name) && !/\.test\.tsx?$/.test(name) && !/\.d\.ts$/.test(name)) {
      out.push(relative(SRC, path).split('\\').join('/'));
    }
  }
  return out;
}

const source = (file: string) => readFileSync(join(SRC, file), 'utf8');

export function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = relative(SRC, resolve(SRC, dirname(from), spec)).split('\\').join('/');
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (CODE.test(candidate) && existsSync(join(SRC, candidate))) return candidate;
  }
  return null;
}

/** The code a file loads: its imports (not `import type`) and its dynamic `import()`s, each resolved to a file. */
export function importsOf(file: string): { static: string[]; dynamic: string[] } {
  const text = source(file);
  const statics = [...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm)].map((m) => m[1]!);
  const dynamics = [...text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)].map((m) => m[1]!);
  const resolved = (specs: string[]) => [...new Set(specs.map((s) => resolveImport(file, s)).filter((f): f is string => f !== null))];
  return { static: resolved(statics), dynamic: resolved(dynamics) };
}

/** Every file reachable from `starts` through imports; `follow` decides which dynamic imports are followed. */
export function reach(starts: string[], follow: (from: string, to: string) => boolean = () => true): Set<string> {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const { static: statics, dynamic } = importsOf(file);
    statics.forEach(walk);
    dynamic.filter((to) => follow(file, to)).forEach(walk);
  };
  starts.forEach(walk);
  return seen;
}

/** The keys of a resource tree, `.`-joined. */
export function keysOf(resources: Resources, prefix = ''): string[] {
  return Object.entries(resources).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v, `${prefix}${k}.`)));
}

/** The keys among `keys` a file's code names (see the file's comment). */
export function keysUsedBy(file: string, keys: readonly string[]): Set<string> {
  const text = source(file);
  const literals = [...text.matchAll(/'([a-z][\w-]*\.[\w.-]*)'|"([a-z][\w-]*\.[\w.-]*)"|`([a-z][\w-]*\.[\w.-]*)`/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
  const openings = [...text.matchAll(/`([a-z][\w-]*\.[\w.-]*)\$\{/g)].map((m) => m[1]!);
  const used = new Set<string>();
  for (const key of keys) {
    const named = literals.some((l) => key === l || key.startsWith(`${l}.`) || key.startsWith(`${l}_`));
    if (named || openings.some((o) => key.startsWith(o))) used.add(key);
  }
  return used;
}

/** The locale bundles as files: the core (`core`, in i18n/) and each feature's, per language. */
export function localeBundles(): { bundle: string; language: string; texts: Resources }[] {
  const read = (path: string) => JSON.parse(readFileSync(join(SRC, path), 'utf8')) as Resources;
  const out = ['en', 'zh-CN'].map((language) => ({ bundle: 'core', language, texts: read(`i18n/${language}.json`) }));
  for (const feature of readdirSync(join(SRC, 'features'))) {
    const dir = `features/${feature}/locale`;
    if (!existsSync(join(SRC, dir))) continue;
    for (const name of readdirSync(join(SRC, dir))) out.push({ bundle: feature, language: name.replace(/\.json$/, ''), texts: read(`${dir}/${name}`) });
  }
  return out;
}

/** Every text of a language, all bundles together: what the app has once every bundle is loaded. */
export function allTexts(language: string): Resources {
  return localeBundles()
    .filter((b) => b.language === language)
    .reduce<Resources>((all, b) => merge(all, b.texts), {});
}
