/**
 * The demo's browser preview, for machines where Electron cannot start: the built app served by the
 * browser test harness on 127.0.0.1 (a random port, a random token in the page address), in front of the
 * core services built exactly as Electron main builds them — the OS keychain when it works (on Linux
 * scripts/demo.mjs starts a private keyring when none is running; session-only otherwise, and the page
 * says so), a demo data folder of its own, and the Discover view pre-filled with
 * the simulated fleet (MINERDECK_DEMO_TARGETS / MINERDECK_DEMO_PORT, set by scripts/demo.mjs).
 *
 * Development tooling only: it never ships. The clipboard here is this terminal (a copied API key is
 * announced, not printed), and "open web page" prints the address to open.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { demoPrefillFrom } from '../electron/core/demo-prefill';
import { startAppHarness } from '../tests/e2e/harness/app-harness';
import { builtApp } from '../tests/support/built-app';

/** Whether passwords and keys will be kept, and on a private keyring whether they outlive the demo. */
function keychainLine(persistent: boolean): string {
  if (!persistent)
    return 'Keychain: session-only (passwords are forgotten when the demo stops; the app says why)';
  return process.env.MINERDECK_IN_PRIVATE_BUS === '1'
    ? 'Keychain: working (a private keyring for this demo run, removed when it stops)'
    : "Keychain: working (the desktop's keyring)";
}

async function main(): Promise<void> {
  process.stdout.write('preview: building the app (once per change of its sources)…\n');
  const prefill = demoPrefillFrom(process.env);
  const harness = await startAppHarness({
    appDir: await builtApp(),
    injectScript: true,
    version: `${(JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version} (browser preview)`,
    dataDir: process.env.MINERDECK_DATA_DIR ?? join(tmpdir(), 'minerdeck-demo-preview'),
    ...(prefill !== undefined ? { prefill } : {}),
    onCopy: () => process.stdout.write('preview: an API key was put on the clipboard (not shown here).\n'),
    onOpen: (url) => process.stdout.write(`preview: open the device's page: ${url}\n`),
  });
  process.stdout.write(
    [
      '',
      '  Minerdeck BROWSER PREVIEW (Electron cannot start on this machine)',
      `  Open in a browser on this machine:  ${harness.server.pageUrl}`,
      prefill !== undefined
        ? `  The Discover view is filled with the simulated fleet: ${prefill.targets} port ${prefill.ports.join(', ')}`
        : '',
      `  ${keychainLine(harness.services.credentials?.vault.persistent === true)}`,
      '  Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );
  await new Promise<void>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => resolve());
  });
  await harness.close();
}

void main().catch((error: unknown) => {
  process.stderr.write(`preview: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
