import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { configs as typescript } from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const shared = ['./components', './config', './hooks', './lib', './types'];

/**
 * Imports flow one way: app -> features -> shared (README "Layout"). A feature reaches only
 * the shared folders and itself, never another feature or the app; the shared folders reach
 * only each other. `src/testing` assembles the whole app for tests, so only tests import it.
 */
function boundaries({ tests }) {
  const testing = tests ? ['./testing'] : [];
  return [
    ...features.map((feature) => ({
      target: `./src/features/${feature}`,
      from: './src',
      except: [...shared, ...testing, `./features/${feature}`],
      message: 'A feature imports only src/components, config, hooks, lib, types (tests also src/testing) and itself.',
    })),
    {
      target: shared.map((folder) => `./src/${folder.slice(2)}`),
      from: './src',
      except: [...shared, ...testing],
      message: 'Shared code imports only other shared code (tests also src/testing), never a feature or the app.',
    },
    ...(tests
      ? []
      : [{ target: './src/app', from: './src/testing', message: 'Only tests import src/testing.' }]),
  ];
}

export default defineConfig([
  globalIgnores(['dist', 'test-results', 'node_modules']),
  js.configs.recommended,
  typescript.recommended,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.app.json' })],
    },
    rules: {
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      // The rules of hooks only: the plugin's React Compiler checks (its v7 `recommended`)
      // judge code written for the compiler, which this app does not use.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-restricted-paths': ['error', { zones: boundaries({ tests: false }) }],
    },
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries({ tests: true }) }],
    },
  },
  {
    files: ['*.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    // Node scripts that drive Chromium: the functions they hand to the page run in the browser.
    files: ['e2e/**', 'scripts/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
]);
