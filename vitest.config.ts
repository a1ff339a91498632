import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Two projects: `node` for core, CLI, simulator and integration tests (real loopback HTTP, real keychain);
 * `jsdom` for renderer components. Browser e2e tests run in the node project and drive real Chromium.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          // scripts/run-suite.sh runs a few files alone, after the others: they are left out of the first run.
          exclude: [
            'tests/unit/renderer/**',
            'node_modules/**',
            ...(process.env.MINERDECK_TEST_EXCLUDE ?? '').split(',').filter((glob) => glob !== ''),
          ],
          // CLI tests run the built bundle (the package's `minerdeck` bin), built once here.
          globalSetup: ['tests/support/build-cli-once.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'jsdom',
          environment: 'jsdom',
          include: ['tests/unit/renderer/**/*.test.{ts,tsx}'],
          // The window's languages, loaded before each file's tests as the app loads its own before the first paint.
          setupFiles: ['tests/support/window-languages.ts'],
        },
      },
    ],
  },
});
