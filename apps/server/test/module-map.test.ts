import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/ARCHITECTURE.md#server-modules keeps a map of which module calls which. This test derives the same map
 * from the code — every import of another module's `index.ts` from a module's source files (a `tables.ts`
 * naming another's `tables.ts` for a foreign key is not a call) — and fails when the two disagree, so the map
 * cannot drift from the code unnoticed.
 */
const MODULES_DIR = join(import.meta.dirname, '../src/modules');
const ARCHITECTURE = join(import.meta.dirname, '../../../docs/ARCHITECTURE.md');

type ModuleMap = Map<string, Set<string>>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/** What the code says: module → the modules whose public entry it imports. */
export function mapFromCode(modulesDir: string): ModuleMap {
  const map: ModuleMap = new Map();
  for (const name of readdirSync(modulesDir)) {
    if (!statSync(join(modulesDir, name)).isDirectory()) continue;
    const calls = new Set<string>();
    for (const file of sourceFiles(join(modulesDir, name))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/from '(?:\.\.\/)+([a-z-]+)\/index\.ts'/g)) {
        if (match[1] !== name) calls.add(match[1]!);
      }
    }
    map.set(name, calls);
  }
  return map;
}

/**
 * What the document says. A row is `| module, module | calls |`; the calls cell names modules, each maybe
 * followed by a note in parentheses, separated by commas or "and"; after a semicolon comes free commentary;
 * `—` is none.
 */
export function mapFromDocument(markdown: string): ModuleMap {
  const section = markdown.split('Module map, lower modules first')[1]?.split('\n\n')[1] ?? '';
  const map: ModuleMap = new Map();
  for (const line of section.split('\n').slice(2)) {
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    if (cells.length !== 2) continue;
    let calls = cells[1]!;
    // Drop notes in parentheses (nested ones too), then the commentary after a semicolon.
    for (let previous = ''; previous !== calls; ) [previous, calls] = [calls, calls.replace(/\([^()]*\)/g, '')];
    calls = calls.split(';')[0]!.trim();
    const called = calls === '—' ? [] : calls.split(/,|\band\b/).map((s) => s.trim().split(/\s+/)[0]!).filter(Boolean);
    for (const module of cells[0]!.split(',').map((s) => s.trim())) map.set(module, new Set(called));
  }
  return map;
}

/** Every difference between the two maps, as sentences. */
export function differences(code: ModuleMap, document: ModuleMap): string[] {
  const out: string[] = [];
  for (const [module, calls] of code) {
    const listed = document.get(module);
    if (!listed) {
      out.push(`${module} is missing from the map`);
      continue;
    }
    for (const c of calls) if (!listed.has(c)) out.push(`${module} calls ${c}, which the map does not say`);
    for (const c of listed) if (!calls.has(c)) out.push(`the map says ${module} calls ${c}, which it does not`);
  }
  for (const module of document.keys()) if (!code.has(module)) out.push(`the map lists ${module}, which is no module`);
  return out.sort();
}

describe('the module map in docs/ARCHITECTURE.md', () => {
  it('says what the code does', () => {
    expect(differences(mapFromCode(MODULES_DIR), mapFromDocument(readFileSync(ARCHITECTURE, 'utf8')))).toEqual([]);
  });

  it('fails on a made-up drift: a missing call, a call that is not made, a module left out, a module that is not', () => {
    const code: ModuleMap = new Map([
      ['orders', new Set(['accounts', 'catalog'])],
      ['keys', new Set(['orders'])],
      ['lottery', new Set<string>()],
    ]);
    const document = mapFromDocument(
      [
        'Module map, lower modules first (what each module calls):',
        '',
        '| module | calls |',
        '|---|---|',
        '| orders | accounts (sessions, with a note, and commas) |',
        '| keys | orders, live; notifications read it |',
        '| wallet | — |',
      ].join('\n'),
    );
    expect(differences(code, document)).toEqual([
      'lottery is missing from the map',
      'orders calls catalog, which the map does not say',
      'the map lists wallet, which is no module',
      'the map says keys calls live, which it does not',
    ]);
  });
});
