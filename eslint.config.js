import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { logicalCss } from './eslint-rules/logical-classes.js';

/**
 * Feature layers, lowest first: a feature uses only features in layers below its own, so no two
 * features can import each other, directly or round a circle. A new import that the order does not
 * allow either moves a feature up a layer or shows a cycle to break (decision 023).
 */
const serverFeatureLayers = [
  ['health', 'i18n', 'inventory', 'live', 'media', 'vouchers'],
  ['content'],
  ['settings'],
  ['notifications'],
  ['catalog', 'earnings', 'order-release'],
  ['cart', 'contact', 'flash-sales', 'payments', 'stock', 'storefront', 'support'],
  ['auth', 'checkout'],
  ['account', 'console', 'orders'],
  ['admin', 'invoices', 'returns', 'shops'],
  ['dashboard'],
];
const webFeatureLayers = [
  ['contact', 'session', 'settings'],
  ['product-display', 'vouchers'],
  ['cart'],
  ['account'],
  ['auth', 'catalog'],
  ['content', 'home', 'layout', 'orders', 'seller', 'wishlist'],
  ['checkout', 'support'],
  ['live'],
];
const consoleFeatureLayers = [
  ['access', 'language', 'media', 'navigation', 'rich-text'],
  ['audit'],
  ['blog', 'content', 'earnings', 'invitation', 'notifications', 'products', 'returns', 'reviews', 'settings', 'staff', 'theme'],
  ['customers', 'orders', 'tickets'],
  ['command-palette', 'dashboard', 'flash-sales', 'stock', 'taxonomy', 'vouchers', 'withdrawals'],
  ['shell', 'shops'],
  ['my-shop', 'product-approval'],
];

const testFiles = ['**/*.test.{ts,tsx}', 'src/*/test/**', 'e2e/**'];

/** boundaries/dependencies policies: a feature of `side` imports only itself and the features of the layers below. */
function featureLayerPolicies(side, layers) {
  const features = (names) => ({ element: { type: 'feature', captured: { side, feature: names } } });
  const productFile = { categories: 'product' };
  return [
    {
      from: { element: { type: 'feature', captured: { side } }, file: productFile },
      disallow: { to: { element: { type: 'feature', captured: { side } } } },
      message: `{{from.element.captured.feature}} may not import {{to.element.captured.feature}}: a ${side} feature uses only itself and the features in the layers below its own (${side}FeatureLayers in eslint.config.js, where every ${side} feature is listed), so features never import each other round a circle.`,
    },
    ...layers.flatMap((layer, index) =>
      layer.map((feature) => ({
        from: { ...features([feature]), file: productFile },
        allow: { to: features([feature, ...layers.slice(0, index).flat()]) },
      })),
    ),
  ];
}

const appFiles = [
  'src/server/app.ts',
  'src/server/main.ts',
  'src/server/seed/**',
  'src/web/app/**',
  'src/web/pages/**',
  'src/web/main.tsx',
  'src/web/server-render.tsx',
  'src/console/app/**',
  'src/console/main.tsx',
];

/** Which area may import which (docs/design.md §3): `shared` is the contract, `client` what both browser apps run. */
const areaImports = {
  shared: [],
  client: ['shared'],
  server: ['shared'],
  web: ['shared', 'client'],
  console: ['shared', 'client'],
};
const areaNames = {
  shared: 'src/shared (the contract)',
  client: 'src/client (what the storefront and the console both run)',
  server: 'the server (src/server)',
  web: 'the storefront (src/web)',
  console: 'the console (src/console)',
};

const layerPolicies = [
  ...Object.entries(areaImports).map(([area, allowed]) => {
    const refused = Object.keys(areaImports).filter((other) => other !== area && !allowed.includes(other));
    return {
      from: { file: { path: `src/${area}/**` } },
      disallow: { to: { file: { path: `src/{${refused.join(',')}}/**` } } },
      message: `${areaNames[area]} imports only ${allowed.length > 0 ? allowed.map((name) => areaNames[name]).join(' and ') : 'packages'}: what two areas both need lives in src/shared or src/client.`,
    };
  }),
  {
    from: { element: { type: 'feature' }, file: { categories: 'product' } },
    disallow: { to: { file: { path: appFiles } } },
    message: 'Features do not import the app that assembles them (app.ts, main.ts, seed/, web app/, pages/, entry points).',
  },
  {
    from: { file: { categories: 'product' } },
    disallow: { to: { file: { categories: 'test' } } },
    message: 'Product code never imports test code (*.test.ts, src/*/test, e2e): it would ship with the store.',
  },
];

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
    // Import boundaries (decision 023): shared ← server / web, features ← app, product ⇸ test,
    // features layered. The web's feature layers are a rule of their own so they can warn for now.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries, 'web-feature-layers': boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'feature', pattern: 'src/*/features/*', capture: ['side', 'feature'], partialMatch: false },
        { type: 'area', pattern: 'src/*', capture: ['area'], partialMatch: false },
      ],
      'boundaries/files': [
        { category: 'test', pattern: testFiles },
        { category: 'product', pattern: 'src/**' },
      ],
      'boundaries/files-single-match': true,
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        { default: 'allow', checkUnknownLocals: true, checkInternals: true, policies: [...featureLayerPolicies('server', serverFeatureLayers), ...featureLayerPolicies('console', consoleFeatureLayers), ...layerPolicies] },
      ],
      'web-feature-layers/dependencies': [
        'error',
        { default: 'allow', checkInternals: true, policies: featureLayerPolicies('web', webFeatureLayers) },
      ],
    },
  },
  {
    // Fixtures and fakes are test code: they live in src/server/test or src/web/test, never beside the product.
    files: ['src/**/*{-fixtures,.fixture,-fixture}.{ts,tsx}', 'src/**/fake-*.{ts,tsx}', 'src/**/*-fake.{ts,tsx}'],
    ignores: ['src/*/test/**'],
    rules: {
      'no-restricted-syntax': ['error', { selector: 'Program', message: 'Fixtures and fakes are test code: move this file to src/server/test or src/web/test.' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src/console/**/*.{ts,tsx}', 'src/client/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },
  {
    // The console is right-to-left from its first day (Arabic, Persian): logical classes only, as in what it shares with the storefront.
    files: ['src/console/**/*.{ts,tsx}', 'src/client/**/*.{ts,tsx}'],
    plugins: { 'logical-css': logicalCss },
    rules: { 'logical-css/no-physical-classes': 'error' },
  },
  {
    // One way to build a console screen (docs/console-forms-and-dialogs.md): a screen's queries and
    // mutations live in its feature's *-queries.ts, where they also invalidate what they change.
    files: ['src/console/features/**/*.tsx'],
    ignores: testFiles,
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='useMutation']", message: "A mutation lives in the feature's *-queries.ts as a hook that also invalidates what it changes; the screen calls that hook." },
        { selector: "CallExpression[callee.name=/^(queryOptions|infiniteQueryOptions)$/]", message: "A query's options live in the feature's *-queries.ts; the screen passes them to useQuery." },
        {
          selector: "CallExpression[callee.name=/^use(Infinite|Suspense)?Query$/] > ObjectExpression > Property[key.name='queryFn']",
          message: "A query's options live in the feature's *-queries.ts; the screen passes them to useQuery.",
        },
      ],
    },
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
    files: ['src/server/**', 'scripts/**', 'eslint-rules/**', '*.config.{js,mjs,ts}'],
    languageOptions: { globals: globals.node },
  },
]);
