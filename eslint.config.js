import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores([
    'dist/',
    'node_modules/',
    'data/',
    '.e2e-data/',
    'reports/',
    'test-results/',
    'playwright-report/',
    'src/server/db/migrations/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    // Type-aware rules: a promise nobody awaits loses its error (an unhandled rejection, or a
    // response sent before the work is done). A deliberate fire-and-forget call is written `void`.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },
  {
    // Plain scripts the browser runs as they are (no build step).
    files: ['public/**/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  {
    // Playwright specs run in Node; the callbacks they hand to page.evaluate run in the page.
    files: ['e2e/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // Specs take test/expect from the fixtures, which fail a test on browser errors.
    files: ['e2e/**/*.{spec,test}.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@playwright/test', importNames: ['test', 'expect'], message: "Import test and expect from './fixtures.ts'." }] },
      ],
    },
  },
  {
    files: ['src/server/**', 'scripts/**', '*.config.{js,mjs,ts}'],
    languageOptions: { globals: globals.node },
  },
]);
