import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The buying stack's shape (docs/ARCHITECTURE.md, "Buying"): orders at the bottom, payments, keys and
 * library above it; a module reaches another only through its index.ts (a table may reference a lower
 * module's table for a foreign key), and the modules never import each other in a circle.
 */
const MODULES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../src/modules');
const BUYING = ['orders', 'payments', 'keys', 'library'] as const;
type Module = (typeof BUYING)[number];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [join(dir, entry.name)] : []);
}

/** Every import of a buying module's file that lands in another buying module: [from module, file, to module, target path]. */
function crossImports() {
  const found: Array<{ from: Module; file: string; to: Module; target: string }> = [];
  for (const from of BUYING) {
    for (const file of sourceFiles(join(MODULES_DIR, from))) {
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
        const target = relative(MODULES_DIR, resolve(dirname(file), spec!));
        const to = target.split('/')[0] as Module;
        if (to !== from && BUYING.includes(to)) found.push({ from, file: relative(MODULES_DIR, file), to, target });
      }
    }
  }
  return found;
}

describe('the buying modules', () => {
  it('reach each other only through index.ts (or a lower table, from a table, for a foreign key)', () => {
    const inside = crossImports().filter(({ file, target }) => !target.endsWith('/index.ts') && !(file.endsWith('/tables.ts') && target.endsWith('/tables.ts')));
    expect(inside).toEqual([]);
  });

  it('keep orders at the bottom: orders imports none of payments, keys or library', () => {
    expect(crossImports().filter(({ from }) => from === 'orders')).toEqual([]);
  });

  it('never import each other in a circle', () => {
    const edges = new Map<Module, Set<Module>>(BUYING.map((m) => [m, new Set()]));
    for (const { from, to } of crossImports()) edges.get(from)!.add(to);
    const reaches = (start: Module, goal: Module, seen = new Set<Module>()): boolean =>
      [...edges.get(start)!].some((next) => next === goal || (!seen.has(next) && (seen.add(next), reaches(next, goal, seen))));
    expect(BUYING.filter((m) => reaches(m, m))).toEqual([]);
  });
});
