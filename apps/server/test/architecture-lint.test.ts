import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

/**
 * The module rules of docs/ARCHITECTURE.md are enforced by lint, not by good intentions: this lints small
 * made-up server trees with the repository's own lint configuration and shows each rule failing on a
 * deliberate violation (and a clean tree passing).
 */
const repoConfig = fileURLToPath(new URL('../../../eslint.config.js', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'lantern-lint-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let trees = 0;
async function lintTree(files: Record<string, string>) {
  const root = join(scratch, `tree-${(trees += 1)}`);
  for (const [path, text] of Object.entries(files)) {
    const file = join(root, 'apps/server/src', path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  const eslint = new ESLint({ cwd: root, overrideConfigFile: repoConfig });
  const results = await eslint.lintFiles(['apps/server/src/**/*.ts']);
  return results.flatMap((r) => r.messages.map((m) => ({ file: r.filePath.slice(root.length + 1), rule: m.ruleId, message: m.message })));
}

const moduleEntry = (name: string, body = '') => `${body}export const ${name}Module = { name: '${name}' };\n`;

describe('lint keeps server modules apart', () => {
  it('passes a tree where modules meet only through their index.ts', async () => {
    const problems = await lintTree({
      'modules/alpha/index.ts': moduleEntry('alpha', "export { price } from './pricing.ts';\n"),
      'modules/alpha/pricing.ts': 'export const price = (n: number) => n * 2;\n',
      'modules/beta/index.ts': moduleEntry('beta', "import { price } from '../alpha/index.ts';\nexport const total = price(3);\n"),
    });
    expect(problems).toEqual([]);
  });

  it("fails a module that imports another module's insides", async () => {
    const problems = await lintTree({
      'modules/alpha/index.ts': moduleEntry('alpha'),
      'modules/alpha/pricing.ts': 'export const price = (n: number) => n * 2;\n',
      'modules/beta/index.ts': moduleEntry('beta', "import { price } from '../alpha/pricing.ts';\nexport const total = price(3);\n"),
    });
    expect(problems).toContainEqual({ file: 'apps/server/src/modules/beta/index.ts', rule: 'boundaries/dependencies', message: 'Import another module only through its index.ts.' });
  });

  it('fails two modules that import each other, even through their entries', async () => {
    const problems = await lintTree({
      'modules/alpha/index.ts': moduleEntry('alpha', "import { betaModule } from '../beta/index.ts';\nexport const uses = betaModule;\n"),
      'modules/beta/index.ts': moduleEntry('beta', "import { alphaModule } from '../alpha/index.ts';\nexport const uses = alphaModule;\n"),
    });
    expect(problems.filter((p) => p.rule === 'import-x/no-cycle').map((p) => p.file).sort()).toEqual([
      'apps/server/src/modules/alpha/index.ts',
      'apps/server/src/modules/beta/index.ts',
    ]);
  });

  it("fails a service that reads another module's tables, but lets tables name them for foreign keys", async () => {
    const problems = await lintTree({
      'modules/alpha/index.ts': moduleEntry('alpha'),
      'modules/alpha/tables.ts': 'export const alphaRows = { name: "alpha_rows" };\n',
      'modules/beta/index.ts': moduleEntry('beta'),
      'modules/beta/tables.ts': "import { alphaRows } from '../alpha/tables.ts';\nexport const betaRows = { references: alphaRows };\n",
      'modules/beta/report.ts': "import { alphaRows } from '../alpha/tables.ts';\nexport const report = alphaRows;\n",
    });
    expect(problems.map((p) => [p.file, p.rule])).toEqual([['apps/server/src/modules/beta/report.ts', 'no-restricted-imports']]);
  });

  it('fails the platform importing a module', async () => {
    const problems = await lintTree({
      'modules/alpha/index.ts': moduleEntry('alpha'),
      'platform/clock.ts': "import { alphaModule } from '../modules/alpha/index.ts';\nexport const clock = alphaModule;\n",
    });
    expect(problems.map((p) => [p.file, p.rule])).toEqual([['apps/server/src/platform/clock.ts', 'no-restricted-imports']]);
  });
});
