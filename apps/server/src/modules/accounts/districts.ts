import { readFileSync } from 'node:fs';
import type { Districts } from '@lantern/contract';

let cached: { tree: Districts; names: Map<string, string>; json: string } | undefined;

/** The district list shipped in apps/server/data (all of mainland China, plus countries), read once. */
export function districts() {
  if (!cached) {
    const json = readFileSync(new URL('../../../data/districts.json', import.meta.url), 'utf8');
    const tree = JSON.parse(json) as Districts;
    const names = new Map<string, string>();
    for (const p of tree.provinces) {
      names.set(p.id, p.name);
      for (const c of p.cities) {
        names.set(c.id, c.name);
        for (const a of c.areas) names.set(a.id, a.name);
      }
    }
    cached = { tree, names, json };
  }
  return cached;
}
