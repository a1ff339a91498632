// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';
import minerdeck from './eslint-rules.js';

/** Every Node built-in, with and without the `node:` prefix: the renderer and shared/ may use none. */
const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

/** `ipcMain` may be imported only by electron/main/ipc (docs/design.md: one place binds handlers). */
const noIpcMainOutsideIpc = {
  name: 'electron',
  importNames: ['ipcMain'],
  message: 'Only electron/main/ipc binds handlers to ipcMain.',
};

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'coverage/**', 'tests/.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [noIpcMainOutsideIpc] }],
    },
  },
  {
    // docs/design.md: no product file over 350 lines — small modules with one job. Every line counts (the
    // rule's default: comments and blank lines too). Tests, scripts and configs are not product code.
    files: ['electron/**', 'shared/**', 'renderer/**'],
    rules: { 'max-lines': ['error', { max: 350 }] },
  },
  {
    files: ['electron/main/ipc/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Core is plain Node: importing `electron` outside Electron tries to download a binary and throws.
    files: ['electron/core/**', 'electron/cli/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'electron/core and the CLI never import electron.' }],
          patterns: [
            {
              group: ['**/electron/main/**', '**/electron/preload/**', '**/renderer/**'],
              message: 'Core depends on nothing above it.',
            },
          ],
        },
      ],
    },
  },
  {
    // shared/ is the contract: pure TypeScript used by both sides.
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['electron', ...nodeBuiltins],
          patterns: [
            { group: ['**/electron/**', '**/renderer/**'], message: 'shared/ imports neither side.' },
          ],
        },
      ],
    },
  },
  {
    // The renderer is an untrusted view: it talks only to window.api.
    files: ['renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, minerdeck },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Every word the window shows comes from a catalog (design.md "Languages").
      'minerdeck/no-literal-text': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: ['electron', ...nodeBuiltins],
          patterns: [{ group: ['**/electron/**'], message: 'The renderer only talks to window.api.' }],
        },
      ],
    },
  },
  {
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
