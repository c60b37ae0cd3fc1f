// ESLint runs one job here: proving that no regular expression in shipped code can backtrack super-linearly on
// hostile input (oxlint does everything else). Shipped code = every package's and app's src, minus tests.
import tsParser from '@typescript-eslint/parser';
import regexp from 'eslint-plugin-regexp';

export default [
  {
    files: ['packages/*/src/**/*.{ts,tsx}', 'apps/*/src/**/*.{ts,tsx}', 'apps/*/*.{ts,mjs}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', '**/testing/**'],
    languageOptions: { parser: tsParser, ecmaVersion: 'latest', sourceType: 'module' },
    plugins: { regexp },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
      'regexp/no-super-linear-move': ['error', { report: 'potential', ignoreSticky: false, ignorePartial: false }],
    },
  },
];
