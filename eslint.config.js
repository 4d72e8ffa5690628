// Lint rules, and the import zones that keep the architecture honest:
// contract depends on nothing of ours; server and web never import each other;
// in the web, shared code never imports features or the app, and features never import each other.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** no-restricted-imports with import paths matched by regular expressions. */
const forbid = (...rules) => ({
  'no-restricted-imports': ['error', { patterns: rules.map(([regex, message]) => ({ regex, message })) }],
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
  {
    files: ['packages/contract/**'],
    rules: forbid(['@platter/(server|web)|/(server|web)/', 'The contract depends on nothing of ours.']),
  },
  {
    files: ['packages/server/**'],
    rules: forbid(['@platter/web|/web/', 'The server never imports the web app.']),
  },
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
    files: ['packages/web/src/{api,lib,ui,session}/**'],
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
