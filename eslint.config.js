import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The layer table of docs/architecture.md as import rules: each folder names the folders it must
 * not import from, whether by a relative path or by an alias (`#domain/…`, `#events/…`, package.json's
 * `imports`). `frontend` may take `events` types only (its schemas would pull the server's contracts
 * into the bundle); a handler imports events from their context's module, not the whole catalogue.
 */
const LAYERS = {
  domain: ['events', 'functions', 'infra', 'frontend', 'tests', 'bench'],
  events: ['functions', 'infra', 'frontend', 'tests', 'bench'],
  functions: ['infra', 'frontend', 'tests', 'bench'],
  frontend: ['functions', 'infra', 'tests', 'bench'],
};

function forbiddenImports(folder, forbidden) {
  return {
    files: [`${folder}/**/*.{ts,tsx}`],
    ignores: [`${folder}/**/*.test.{ts,tsx}`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(#|(\\.\\./)+)(${forbidden.join('|')})(/|$)`,
              message: `${folder}/ may not import from ${forbidden.join(', ')} (docs/architecture.md, Layout).`,
            },
            ...(folder === 'functions'
              ? [
                  {
                    regex: '^#events/catalog$',
                    message:
                      "Import an event from its context's module (#events/<context>): the catalogue brings every context's schemas into the bundle.",
                  },
                ]
              : []),
            ...(folder === 'frontend'
              ? [
                  {
                    regex: '^(#|(\\.\\./)+)events(/|$)',
                    allowTypeImports: true,
                    message: 'frontend/ takes events/ types only.',
                  },
                ]
              : []),
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['node_modules/', 'frontend/dist/', 'frontend/dist-ssr/', 'cdk.out/', '.local/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // React Router's navigate returns a promise only in data routers' view transitions, which the shop does not use.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', name: 'NavigateFunction', package: 'react-router' }] },
      ],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unsafe-argument': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['**/*.{js,cjs}'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', process: 'readonly', __dirname: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Tests and benchmarks read JSON answers loosely on purpose; `any` is kept out of the code that ships.
  {
    files: ['tests/**', 'bench/**', '**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      'no-control-regex': 'off',
    },
  },
  {
    // The classic rules of hooks; the React Compiler's rules in v7's preset judge code written for a compiler the shop does not use.
    files: ['frontend/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // A file a reader can hold in mind: past 600 lines it is several things (issue 26). The price grids are data.
  { files: ['**/*.{ts,tsx}'], rules: { 'max-lines': ['error', { max: 600 }] } },
  { files: ['domain/catalogue/grids/*.ts'], rules: { 'max-lines': 'off' } },
  ...Object.entries(LAYERS).map(([folder, forbidden]) => forbiddenImports(folder, forbidden)),
  // Layout is Prettier's (`prettier --check` in `npm run lint`); ESLint keeps to what can be wrong.
  prettier,
);
