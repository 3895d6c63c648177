// Lint, including the import boundaries of docs/ARCHITECTURE.md: domain ← contract ← server / web; web features
// never import each other (shared things live in apps/web/src/ui and src/lib).
import tseslint from 'typescript-eslint';

const restrict = (patterns) => ['error', { patterns }];
const pkg = (names, message) => ({ group: names, message });

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/drizzle/**', 'data/**', '**/*.d.ts', 'e2e/test-results/**', 'e2e/playwright-report/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        pkg(['@lantern/*'], 'The domain imports nothing of ours.'),
        pkg(['node:*', 'zod', 'drizzle-orm', 'drizzle-orm/*', 'fastify', 'react', 'pg'], 'The domain is pure rules: no I/O, no frameworks.'),
      ]),
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        pkg(['@lantern/server', '@lantern/web'], 'The contract depends on nothing but the domain.'),
        pkg(['fastify', 'react', 'drizzle-orm', 'drizzle-orm/*', 'node:*'], 'The contract is schemas only.'),
      ]),
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([pkg(['@lantern/web', 'react', '**/apps/web/**'], 'The server does not import the web app.')]),
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        pkg(['@lantern/server', '**/apps/server/**', 'drizzle-orm', 'drizzle-orm/*', 'fastify', 'pg'], 'The web talks to the server only through the API.'),
      ]),
    },
  },
  {
    // A feature's own folder is features/<name>/<part>/file: going up two levels and then down leaves it.
    files: ['apps/web/src/features/*/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        pkg(['@lantern/server', '**/apps/server/**', 'drizzle-orm', 'drizzle-orm/*', 'fastify', 'pg'], 'The web talks to the server only through the API.'),
        { regex: '^\\.\\./\\.\\./(?!\\.\\.)', message: 'Features do not import each other; move shared code to src/ui or src/lib.' },
        { regex: '(^|/)features/', message: 'Features do not import each other; move shared code to src/ui or src/lib.' },
      ]),
    },
  },
  {
    files: ['apps/web/src/features/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        pkg(['@lantern/server', '**/apps/server/**', 'drizzle-orm', 'drizzle-orm/*', 'fastify', 'pg'], 'The web talks to the server only through the API.'),
        { regex: '^\\.\\./(?!\\.\\.)', message: 'Features do not import each other; move shared code to src/ui or src/lib.' },
        { regex: '(^|/)features/', message: 'Features do not import each other; move shared code to src/ui or src/lib.' },
      ]),
    },
  },
);
