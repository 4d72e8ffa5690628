// Lint rules, and the import zones that keep the architecture honest:
// contract depends on nothing of ours; server and web never import each other;
// in the web, shared code never imports features or the app, and features never import each other;
// in the server, the shared layers never import features, and a feature uses another only through its index.ts.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** no-restricted-imports with import paths matched by regular expressions. */
const forbid = (...rules) => ({
  'no-restricted-imports': ['error', { patterns: rules.map(([regex, message]) => ({ regex, message })) }],
});

const SERVER_ONLY = ['@platter/web|/web/', 'The server never imports the web app.'];
const FEATURE_INDEX =
  "A feature uses another only through its index.ts (e.g. '../accounts'): export what is needed there.";

/**
 * A server feature's files, `depth` folders below features/<name>/, and the rule for them: another
 * feature (`../`×(depth+1) then a name) may be imported as a folder or as its index, never a file
 * inside it. The feature's own files and subfolders (`./store`, `../ink` from art/) stay allowed.
 */
const serverFeatureFiles = (depth) => ({
  files: [`packages/server/src/features/*/${'*/'.repeat(depth)}*.ts`],
  rules: forbid(
    [`^(\\.\\./){${depth + 1}}[^./][^/]*/(?!index$)`, FEATURE_INDEX],
    ['(^|/)features/[^/]+/(?!index$)', FEATURE_INDEX],
    SERVER_ONLY,
  ),
});

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // CommonJS scripts (examples/ttapi-preload.cjs, loaded with node -r) require what they use.
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['packages/contract/**'],
    rules: forbid(['@platter/(server|web)|/(server|web)/', 'The contract depends on nothing of ours.']),
  },
  {
    files: ['packages/server/**'],
    rules: forbid(SERVER_ONLY),
  },
  // app.ts, main.ts, http/, seed/ and cli/ compose features; the layers below them never import one.
  {
    files: ['packages/server/src/{api,realtime,db,lib,adapters}/**'],
    rules: forbid(
      [
        '(^|/)features(/|$)',
        'api, realtime, db, lib and adapters never import features: app.ts passes in what they need.',
      ],
      SERVER_ONLY,
    ),
  },
  serverFeatureFiles(0),
  serverFeatureFiles(1),
  serverFeatureFiles(2),
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...forbid(['@platter/server|/server/', 'The web app never imports the server.']),
    },
  },
  {
    files: ['packages/web/src/{api,lib,ui,session,live}/**'],
    rules: forbid(
      ['(^|/)(features|app)/', 'Shared code never imports features or the app.'],
      ['@platter/server|/server/', 'The web app never imports the server.'],
    ),
  },
  {
    files: ['packages/web/src/features/*/*'],
    rules: forbid(
      ['^\\.\\./[^.]', 'Features never import each other: move what they share to ui/, lib/ or api/.'],
      ['(^|/)features/', 'Features never import each other.'],
      ['(^|/)app/', 'Features never import the app: the app composes features.'],
      ['@platter/server|/server/', 'The web app never imports the server.'],
    ),
  },
);
