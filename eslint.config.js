// Lint rules, and the import zones that keep the architecture honest:
// contract depends on nothing of ours; server and web never import each other;
// in the web, shared code never imports features, and features never import each other.
import fs from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = fs
  .readdirSync(new URL('./packages/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages/contract', from: ['./packages/server', './packages/web'] },
            { target: './packages/server', from: './packages/web' },
            { target: './packages/web', from: './packages/server' },
            {
              target: [
                './packages/web/src/api',
                './packages/web/src/lib',
                './packages/web/src/ui',
                './packages/web/src/session',
              ],
              from: ['./packages/web/src/features', './packages/web/src/app'],
            },
            ...webFeatures.map((feature) => ({
              target: `./packages/web/src/features/${feature}`,
              from: './packages/web/src/features',
              except: [`./${feature}`],
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
