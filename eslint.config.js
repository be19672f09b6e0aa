// One lint configuration for every workspace; `npm run lint` fails on any warning.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * Layers that stay true (ARCHITECTURE.md): which module may import which. ESLint keeps one set of
 * options per rule and file (the last matching block wins), so every block below lists all the
 * restrictions that apply to its files.
 */
const crossWorkspace = [
  {
    regex: '^(\\.\\./)+(apps|packages|e2e|bench)/|^(\\.\\./)+(api|web|agent|contracts|recipes)/src(/|$)',
    message: 'Import another workspace by its package name (@hostdeck/...), never by a relative path.',
  },
];
const drizzle = [
  {
    group: ['drizzle-orm', 'drizzle-orm/*'],
    message: 'SQL lives in *.repository.ts and database/: call a repository.',
  },
];
const webImports = [
  {
    group: ['@hostdeck/api', '@hostdeck/api/*', '@hostdeck/agent', '@hostdeck/agent/*'],
    message: 'The web imports neither the panel nor the agent: share through @hostdeck/contracts.',
  },
];
const contractsImports = [
  { group: ['@hostdeck/*'], message: 'Contracts import nothing of ours.' },
  { regex: '^(\\.\\./){2,}', message: 'Contracts import nothing outside their package.' },
];
const recipesImports = [
  {
    group: ['@hostdeck/api', '@hostdeck/api/*'],
    message: 'Recipes never import the panel (test support: tools/test-server).',
  },
  {
    regex: '(^|/)apps/api(/|$)',
    message: 'Recipes never import the panel (test support: tools/test-server).',
  },
];
const serviceImports = [
  {
    group: ['fastify', 'fastify/*', '@fastify/*', 'fastify-*', 'ssh2', 'ssh2/*', 'pg-boss', 'pg-boss/*'],
    message:
      'Services know neither HTTP, SSH nor the job queue: take them through a port (route, remote, jobs).',
  },
];
const restrict = (...groups) => ['error', { patterns: groups.flat() }];
/**
 * Where drizzle may be imported: repositories and the database module. Tests and test support
 * read rows with the operators of testing/sql.ts, the one test file allowed to.
 */
const sqlHomes = [
  'apps/api/src/**/*.repository.ts',
  'apps/api/src/database/**',
  'apps/api/src/testing/sql.ts',
  // The ledger: the one writer of balances (docs/billing.md), a repository by another name.
  'apps/api/src/billing/ledger.ts',
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'playwright-report/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ['scripts/**', 'bench/**', 'tools/**', '**/*.test.ts'], rules: { 'no-console': 'off' } },
  { rules: { 'no-restricted-imports': restrict(crossWorkspace, drizzle) } },
  { files: sqlHomes, rules: { 'no-restricted-imports': restrict(crossWorkspace) } },
  {
    files: ['apps/web/**'],
    rules: { 'no-restricted-imports': restrict(crossWorkspace, drizzle, webImports) },
  },
  {
    files: ['packages/contracts/**'],
    rules: { 'no-restricted-imports': restrict(crossWorkspace, drizzle, contractsImports) },
  },
  {
    files: ['packages/recipes/**'],
    rules: { 'no-restricted-imports': restrict(crossWorkspace, drizzle, recipesImports) },
  },
  {
    files: ['**/*.service.ts'],
    rules: { 'no-restricted-imports': restrict(crossWorkspace, drizzle, serviceImports) },
  },
);
