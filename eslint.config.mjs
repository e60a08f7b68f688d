// Lint for the whole monorepo: TypeScript-aware rules, and the layers of docs/architecture.md
// ("What may import what"). Formatting is prettier's job.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

// The calls that run SQL on TypeORM's data source, entity manager or a transaction's handle, and the
// names those handles go by in this code base (the SQL-in-repositories rule below).
const SQL_CALLS =
  '/^(query|createQueryBuilder|find|findOne|findBy|findOneBy|findOneOrFail|findOneByOrFail|findAndCount|save|insert|update|upsert|delete|exists|existsBy|count|countBy|increment|decrement|getRepository)$/';
const DATABASE_HANDLES = '/^(db|dataSource|manager|entityManager|em|m|tx)$/';

// --- Layers: apps -> libs, never app -> app; no deep imports; web features never import each other.
// test/lint/layers.e2e-spec.ts lints small fixtures against these rules to prove each one fires.
const LAYERS = 'Layers run one way (docs/architecture.md)';
const APPS = ['api', 'worker', 'web'];
const TOOLS = ['local-stack', 'test-env', 'mail-catcher', 'stripe-local'];
const noPackages = (names, why) => names.map((name) => ({ name: `@rxbridge/${name}`, message: `${LAYERS}: ${why}` }));
// Two entry points besides a package's name, both for a process's main.ts before anything else loads
// (libs/platform's package.json exports them): the tracing start (docs/architecture.md §13 Tracing) and
// the settings' check (§1).
const noDeepImports = [
  {
    group: ['@rxbridge/*/*', '!@rxbridge/platform/tracing', '!@rxbridge/platform/settings'],
    message: `${LAYERS}: import a package by its name, not a file inside it.`,
  },
  {
    regex: '(^|/)(apps|libs|tools)/[^/]+/src(/|$)',
    message: `${LAYERS}: import another package by its name (@rxbridge/...), never from its src/.`,
  },
];
const restrict = (paths, patterns = []) => ['error', { paths, patterns: [...noDeepImports, ...patterns] }];
const otherApps = (own) =>
  noPackages(
    APPS.filter((app) => app !== own),
    'apps import libs, never another app.',
  );

// The web app routes through apps/web/src/lib/router.tsx, the one file that knows the router library.
const webPaths = [
  ...otherApps('web'),
  { name: 'wouter', message: 'Import routing (Link, useNavigate, ...) from @/lib/router.' },
  { name: 'wouter/use-browser-location', message: 'Import routing from @/lib/router.' },
];

// Web features: apps/web/src/features/X may import its own files, components/ and lib/, never
// features/Y. The alias is checked by name; a relative path may not climb out of its feature, so the
// limit on '../' depends on how deep the file sits inside its feature.
const WEB_FEATURES = readdirSync(join(import.meta.dirname, 'apps/web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webFeatureBlocks = WEB_FEATURES.flatMap((feature) =>
  [0, 1, 2, 3, 4].map((depth) => ({
    files: [`apps/web/src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': restrict(webPaths, [
        {
          regex: `^@/features/(?!${feature}(/|$))`,
          message: `${LAYERS}: web features never import each other; move what both need to components/ or lib/.`,
        },
        {
          regex: `^(\\.\\./){${depth + 1},}`,
          message: `${LAYERS}: this relative path leaves the feature; import shared code from @/components or @/lib.`,
        },
      ]),
    },
  })),
);

// Shared web code and cycles, checked on resolved files (import-x): the '@/' alias and relative paths
// lead to the same file, so neither spelling slips past. Imports flow one way: shared code
// (components/, lib/) -> features -> app (docs/architecture.md §4).
const WEB_SRC = 'apps/web/src';
const webResolver = createNodeResolver({
  extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
  alias: { '@': [join(import.meta.dirname, WEB_SRC)] },
});
const sharedZone = (from, what) =>
  ['components', 'lib'].map((shared) => ({
    target: `./${WEB_SRC}/${shared}`,
    from: `./${WEB_SRC}/${from}`,
    message: `${LAYERS}: shared code (components/, lib/) never imports ${what}; pass it in, or move the code it needs down to components/ or lib/.`,
  }));
// The fixtures that prove no-cycle fires (test/lint/layers.e2e-spec.ts): a real cycle, so `npm run lint` skips them.
const CYCLE_FIXTURES = 'test/lint/fixtures/**';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'coverage/**', 'test-results/**', CYCLE_FIXTURES],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  // Libs hold what the apps share: they import other libs only.
  {
    files: ['libs/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict(
        noPackages([...APPS, ...TOOLS], 'libs never import an app or a tool; move the shared code into a lib.'),
      ),
    },
  },
  // SQL lives in repositories (docs/architecture.md §4): outside a `*.repository.ts` file, the apps'
  // services and the libs' use-cases hold transactions and call repositories, never a TypeORM or
  // PostgreSQL call of their own. libs/database is the database layer itself.
  {
    files: ['apps/api/src/**/*.ts', 'apps/worker/src/**/*.ts', 'libs/*/src/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.spec.ts', 'libs/database/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.property.name=${SQL_CALLS}][callee.object.name=${DATABASE_HANDLES}]`,
          message: 'SQL lives in repositories: move this statement into a *.repository.ts file.',
        },
        {
          selector: `CallExpression[callee.property.name=${SQL_CALLS}][callee.object.property.name=${DATABASE_HANDLES}]`,
          message: 'SQL lives in repositories: move this statement into a *.repository.ts file.',
        },
        {
          selector: 'CallExpression[callee.name=/^(prepared|runPrepared)$/]',
          message: 'SQL lives in repositories: move this prepared statement into a *.repository.ts file.',
        },
      ],
    },
  },
  { files: ['apps/api/**/*.ts'], rules: { 'no-restricted-imports': restrict(otherApps('api')) } },
  // ESLint 10's recommended no-useless-assignment does not see a read inside a parameter decorator's
  // arguments (`@Body(new ZodPipe(schema))`), so it flags the controllers' module-level schemas
  // (eslint/eslint#20947, typescript-eslint/typescript-eslint#12407). @typescript-eslint/no-unused-vars
  // still catches a truly unused variable there.
  { files: ['apps/api/**/*.ts'], rules: { 'no-useless-assignment': 'off' } },
  { files: ['apps/worker/**/*.ts'], rules: { 'no-restricted-imports': restrict(otherApps('worker')) } },
  { files: ['apps/web/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': restrict(webPaths) } },
  ...webFeatureBlocks,
  { files: ['apps/web/src/lib/router.tsx'], rules: { 'no-restricted-imports': restrict(otherApps('web')) } },
  // Tools run beside the product (npm start, npm test, local doubles): they use libs, never an app.
  {
    files: ['tools/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-restricted-imports': restrict(noPackages(APPS, 'tools use libs, never an app.')) },
  },
  // Tests reach the apps through one helper, test/support/stack.ts, which starts the API and the worker.
  {
    files: ['test/**/*.ts'],
    ignores: ['test/support/stack.ts'],
    rules: {
      'no-restricted-imports': restrict(
        noPackages(APPS, 'tests start the apps through test/support/stack.ts, never import them.'),
      ),
    },
  },
  { files: ['test/support/stack.ts'], rules: { 'no-restricted-imports': restrict(noPackages(['web'], 'no app.')) } },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: [`${WEB_SRC}/**/*.{ts,tsx}`, `${CYCLE_FIXTURES}/*.ts`],
    plugins: { 'import-x': importX },
    // import-x follows only files it can parse: the TypeScript ones, with the parser this config lints them with.
    settings: {
      'import-x/resolver-next': [webResolver],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...sharedZone('features', 'a feature'), ...sharedZone('app', 'the app (routes, providers)')] },
      ],
      // A cycle leaves a module half-initialised at import time and blurs which side is shared.
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { module: 'writable', require: 'readonly', __dirname: 'readonly', process: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
