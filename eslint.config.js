// Lint, including the import boundaries of docs/ARCHITECTURE.md: domain ← contract ← server / web; a server
// module is reached only through its index.ts and modules never import each other in a circle; the platform
// imports no module; web features never import each other (shared things live in apps/web/src/ui and src/lib).
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';

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
    // A server module is one folder with one public face: other modules import its index.ts, and only a
    // module's tables.ts may name another module's tables.ts (for foreign keys).
    files: ['apps/server/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'server-module', pattern: 'apps/server/src/modules/*', mode: 'folder', capture: ['module'] },
        { type: 'server-platform', pattern: 'apps/server/src/platform', mode: 'folder' },
      ],
      'boundaries/legacy-warnings': false,
    },
    rules: {
      'boundaries/dependencies': [2, {
        default: 'allow',
        policies: [{
          from: { type: 'server-module' },
          disallow: { to: { type: 'server-module', internalPath: '!(index.ts|tables.ts)' } },
          message: 'Import another module only through its index.ts.',
        }],
      }],
    },
  },
  {
    files: ['apps/server/src/modules/*/*.ts'],
    ignores: ['apps/server/src/modules/*/tables.ts'],
    rules: {
      'no-restricted-imports': restrict([
        pkg(['@lantern/web', 'react', '**/apps/web/**'], 'The server does not import the web app.'),
        { regex: '^\\.\\./[a-z-]+/tables\\.ts$', message: "No module reads another module's tables: call that module's service through its index.ts." },
      ]),
    },
  },
  {
    files: ['apps/server/src/modules/*/*/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        pkg(['@lantern/web', 'react', '**/apps/web/**'], 'The server does not import the web app.'),
        { regex: '^\\.\\./\\.\\./[a-z-]+/tables\\.ts$', message: "No module reads another module's tables: call that module's service through its index.ts." },
      ]),
    },
  },
  {
    files: ['apps/server/src/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { regex: '(^|/)modules/', message: 'The platform serves every module and imports none of them.' },
      ]),
    },
  },
  {
    // No circles: not between modules, not between files.
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The web app's layers (docs/ARCHITECTURE.md#the-web-apps-layers), lowest first: lib/ + i18n/ ← ui/ ← features/*
    // ← app/ (the shell: router, layout, header). A file imports its own layer or a lower one, never a higher one:
    // no feature reaches into the shell, no shared component into a feature.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'web-base', pattern: 'apps/web/src/(lib|i18n)', mode: 'folder' },
        { type: 'web-ui', pattern: 'apps/web/src/ui', mode: 'folder' },
        { type: 'web-feature', pattern: 'apps/web/src/features/*', mode: 'folder', capture: ['feature'] },
        { type: 'web-app', pattern: 'apps/web/src/app', mode: 'folder' },
      ],
      // The web's imports name no extension: the resolver has to try .ts and .tsx to know where one lands.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/legacy-warnings': false,
    },
    rules: {
      'boundaries/dependencies': [2, {
        default: 'allow',
        policies: [
          {
            from: { element: { type: 'web-base' } },
            disallow: { to: { element: { types: { anyOf: ['web-ui', 'web-feature', 'web-app'] } } } },
            message: 'lib/ and i18n/ are the lowest layer of the web app: they import nothing of ui/, features/ or app/.',
          },
          {
            from: { element: { type: 'web-ui' } },
            disallow: { to: { element: { types: { anyOf: ['web-feature', 'web-app'] } } } },
            message: 'ui/ holds shared components: it imports lib/ and i18n/, never a feature or the app shell.',
          },
          {
            from: { element: { type: 'web-feature' } },
            disallow: { to: { element: { type: 'web-app' } } },
            message: 'A feature never imports the app shell (src/app): move what it needs down to src/ui or src/lib.',
          },
        ],
      }],
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
