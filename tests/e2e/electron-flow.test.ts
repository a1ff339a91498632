/**
 * The same flow in the real Electron app (main, preload, IPC, the keychain) through Playwright's
 * `_electron`. Electron fetches its binary on first start, so this runs only where it was fetched
 * (node_modules/electron/path.txt exists). Machines without internet — this project's CI among them —
 * skip it with that reason; the Chromium suites above cover the renderer and the core behind the same
 * handlers, and tests/unit/main the Electron glue.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElectronApplication, Page } from 'playwright-core';
import { _electron } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels } from '../../shared/ipc/contract';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { builtApp } from '../support/built-app';
import { REPO_ROOT } from '../support/run-cli';
import { SCREENSHOTS } from './harness/app-page';
import {
  addFoundToFleet,
  confirmUnlock,
  expectOffline,
  scanAndAddAll,
  unlockAllWithKeys,
} from './harness/flow-steps';

const ELECTRON_DIR = join(REPO_ROOT, 'node_modules/electron');

/** The binary Electron fetched on first start, if it did. */
function electronBinary(): string | undefined {
  const pathFile = join(ELECTRON_DIR, 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join(ELECTRON_DIR, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : undefined;
}

const binary = electronBinary();
const PASSWORD = 'electron-pw-6120';

const suite = binary === undefined ? describe.skip : describe;
const title =
  binary === undefined
    ? 'the whole flow in Electron (skipped: no Electron binary — node_modules/electron/path.txt is missing; Electron downloads it on first start, which needs internet)'
    : 'the whole flow in Electron';

suite(title, () => {
  let fleet: Fleet;
  let app: ElectronApplication;
  let page: Page;
  let dataDir: string;
  let closed = false;

  beforeAll(async () => {
    fleet = await startFleet({ count: 6, defaults: { password: PASSWORD } });
    dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-electron-'));
    // Short polls, as in the Chromium suites, through the settings file the app reads at start.
    writeFileSync(
      join(dataDir, 'settings.json'),
      JSON.stringify({
        version: 1,
        settings: { monitor: { intervalMs: 500, timeoutMs: 400, offlineAfterMissedPolls: 2 } },
      }),
    );
    app = await _electron.launch({
      executablePath: binary ?? '',
      args: [join(await builtApp(), 'main/index.js')],
      env: {
        ...process.env,
        MINERDECK_DATA_DIR: dataDir,
        MINERDECK_KEYCHAIN_SERVICE: `minerdeck-electron-e2e-${process.pid}`,
        ELECTRON_RENDERER_URL: '',
      },
    });
    page = await app.firstWindow();
  }, 180_000);

  afterAll(async () => {
    if (!closed) await app?.close();
    await fleet?.close();
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  it('exposes window.api from the contract and nothing of Node or Electron', async () => {
    const seen = await page.evaluate(() => ({
      api: Object.keys((globalThis as unknown as { api: object }).api).sort(),
      require: typeof (globalThis as { require?: unknown }).require,
      process: typeof (globalThis as { process?: unknown }).process,
    }));
    expect(seen).toEqual({
      api: [...channels, 'onEvent'].sort(),
      require: 'undefined',
      process: 'undefined',
    });
  });

  it('scans, unlocks with keys, shows every device online, and then one offline', async () => {
    await scanAndAddAll(page, fleet);
    await addFoundToFleet(page, 6);
    await unlockAllWithKeys(page, 6, PASSWORD);
    await confirmUnlock(page, 6);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'electron-fleet.png') });
    await fleet.devices[2]!.goDown(60);
    await expectOffline(page, fleet.devices[2]!);
  });

  it('saves the fleet list when it quits', async () => {
    closed = true;
    await app.close();
    const saved = JSON.parse(readFileSync(join(dataDir, 'fleet.json'), 'utf8')) as { devices: unknown[] };
    expect(saved.devices).toHaveLength(6);
  });
});
