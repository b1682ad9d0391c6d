// @ts-check
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** An import of another screen's folder: a piece two screens share belongs in src/components/. */
const otherPage = (/** @type {string} */ regex) => ({
  regex,
  message: "A screen's folder is its own: move what two screens share to src/components/.",
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.tmp/**',
      'data/**',
      '**/*.js',
      '**/*.mjs',
      'vitest.config.ts',
    ],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      curly: ['error', 'all'],
      eqeqeq: ['error', 'smart'],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // Fastify plugins and handlers are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // The SQL of an area lives in its queries.ts; only those, the request-lines kernel and
    // src/db/ may use the query builder (docs/architecture.md, "Modules"): neither import Kysely
    // nor start a statement on a connection or transaction handed in.
    files: ['packages/server/src/**/*.ts'],
    ignores: [
      'packages/server/src/**/*queries.ts',
      'packages/server/src/**/*.test.ts',
      'packages/server/src/modules/request-lines/**',
      'packages/server/src/db/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom|with|withRecursive)$/]',
          message: "SQL belongs in the area's queries.ts (or the request-lines kernel, or src/db/).",
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              message: "SQL belongs in the area's queries.ts (or the request-lines kernel, or src/db/).",
            },
          ],
        },
      ],
    },
  },
  {
    // A screen's folder is its own (docs/web.md, "Folders"): what two screens use lives in
    // src/components/, so no page imports another page's folder, and no component imports a page.
    files: ['packages/web/src/pages/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [otherPage('^\\.\\./(?!\\.)')] }],
    },
  },
  {
    files: ['packages/web/src/pages/*/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [otherPage('^\\.\\./\\.\\./(?!\\.)')] }],
    },
  },
  {
    files: ['packages/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [otherPage('/pages/')] }],
    },
  },
  {
    // Tests read untyped JSON bodies; the assertions are the type check there.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', 'packages/server/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
