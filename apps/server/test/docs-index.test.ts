import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error — a plain Node script of the repository (no types), shared with `node scripts/docs-index.mjs`.
import { GENERATED_FILES, root } from '../../../scripts/docs-index.mjs';

/**
 * The decision records' index and the extension points' index in docs/ are generated from the records and the
 * modules' code; this fails when either is stale, naming the command that brings it up to date.
 */
describe('the generated indexes of docs/', () => {
  for (const [path, make] of GENERATED_FILES as [string, () => string][]) {
    it(`${path} is up to date (node scripts/docs-index.mjs)`, () => {
      expect(readFileSync(join(root as string, path), 'utf8')).toBe(make());
    });
  }

  it('lists every decision record and every extension point another module uses', () => {
    const decisions = readFileSync(join(root as string, 'docs/decisions/README.md'), 'utf8');
    expect(decisions).toContain('[0001](0001-accounts-and-security.md)');
    const points = readFileSync(join(root as string, 'docs/extension-points.md'), 'utf8');
    expect(points).toMatch(/\| `registerFulfilmentStep` \| orders \| .* \| .*invites.* \|/);
  });
});
