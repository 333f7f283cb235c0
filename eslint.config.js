import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const MODULES = 'apps/server/src/modules';
const FEATURES = 'apps/web/src/features';

/** The sub-folders of a folder: one zone per server module and per web feature. */
function folders(directory) {
  return readdirSync(new URL(directory, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** Where a module's SQL may be: its repository files, and the tests and fixtures beside them. */
const DATA_ACCESS_FILES = [
  `${MODULES}/**/repository.ts`,
  `${MODULES}/**/*-repository.ts`,
  `${MODULES}/**/*.test.ts`,
  `${MODULES}/**/*.pg-test.ts`,
  `${MODULES}/**/*-fixtures.ts`,
  `${MODULES}/**/fixtures/**`,
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/src/db/migrations/**',
      'test-results/**',
      'reports/**',
      'playwright-report/**',
      '**/*.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { import: importPlugin, 'check-file': checkFile },
    // Resolves `./x.js` to `./x.ts` and extensionless web imports, so the zones below apply.
    settings: { 'import/resolver': { typescript: true } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify plugins and hooks are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { '{apps,packages,e2e,bench}/**/': 'KEBAB_CASE' },
      ],
      'import/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            // Engines and contracts know nothing of the apps.
            { target: './packages', from: './apps' },
            // Web: shared widgets and libs never reach into features or the app shell.
            { target: './apps/web/src/components', from: './apps/web/src/features' },
            { target: './apps/web/src/lib', from: './apps/web/src/features' },
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            // No web feature imports another: what two share moves to components/ or lib/.
            ...folders(FEATURES).map((feature) => ({
              target: `./${FEATURES}/${feature}`,
              from: `./${FEATURES}`,
              except: [`./${feature}`],
              message: 'A feature does not import another feature.',
            })),
            // No module reads another module's tables through its repository: call its service.
            ...folders(MODULES).map((module) => ({
              target: `./${MODULES}/${module}`,
              from: [`./${MODULES}/*/repository.ts`, `./${MODULES}/*/*-repository.ts`],
              // Globs of `except` are not resolved against basePath.
              except: [`${import.meta.dirname}/${MODULES}/${module}/**`],
              message: "Call the other module's service, not its repository.",
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // SQL lives in repositories: the rest of a module neither builds queries nor names tables.
    files: [`${MODULES}/**/*.ts`],
    ignores: DATA_ACCESS_FILES,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^drizzle-orm(/|$)|(^|/)db/schema(/|$)',
              message: "Queries belong in the module's repository.ts (or a *-repository.ts).",
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'MemberExpression[property.name=/^(select|selectDistinct|selectDistinctOn|insert|update|delete|execute|query)$/]:matches([object.name=/^(db|tx|executor)$/], [object.property.name="db"])',
          message: "Queries belong in the module's repository.ts (or a *-repository.ts).",
        },
      ],
    },
  },
  { files: ['**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['**/*.test.{ts,tsx}', '**/*.pg-test.ts', '**/*.scale-test.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
