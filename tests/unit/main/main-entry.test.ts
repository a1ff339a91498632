import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { REQUEST_PREFIX } from '../../../shared/ipc/contract';
import { fakeApp, FakeBrowserWindow, fakeIpcMain, fakeMenu, fakeShell } from './fake-electron';

vi.mock('electron', async () => (await import('./fake-electron')).fakeElectron);

/**
 * One story, in order, because the entry module starts the app when imported (once per test file):
 * start-up → ready → window and IPC → a call → quit with a clean shutdown.
 */
describe('electron/main/index (lifecycle)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-main-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('wires services, IPC and the window once ready, and shuts down cleanly', async () => {
    delete process.env.ELECTRON_RENDERER_URL;
    // Its own data folder and keychain service: nothing of the user's is read or written.
    process.env.MINERDECK_DATA_DIR = dataDir;
    process.env.MINERDECK_KEYCHAIN_SERVICE = `minerdeck-main-test-${process.pid}`;
    await import('../../../electron/main/index');

    expect(fakeApp.sandboxEnabled).toBe(true);
    expect(FakeBrowserWindow.instances).toHaveLength(0);
    expect(fakeIpcMain.listeners.size).toBe(0);

    fakeApp.becomeReady();
    // Ready starts services that open the keychain and the inventory: on a loaded machine more than 1 s.
    await vi.waitFor(() => expect(FakeBrowserWindow.instances).toHaveLength(1), { timeout: 15_000 });
    const window = FakeBrowserWindow.instances[0]!;
    const loaded = window.loaded[0]!;
    expect(loaded.kind).toBe('file');
    expect(loaded.target).toMatch(/renderer[/\\]index\.html$/);
    expect(window.options.webPreferences).toMatchObject({
      preload: expect.stringMatching(/preload[/\\]index\.cjs$/),
    });

    // The window's own page gets app:info; any other page is refused.
    const ours = pathToFileURL(loaded.target).href;
    await expect(fakeIpcMain.invoke(`${REQUEST_PREFIX}app:info`, ours)).resolves.toEqual({
      ok: true,
      value: {
        name: 'minerdeck',
        version: '0.1.0',
        platform: process.platform,
        versions: expect.any(Object),
      },
    });
    await expect(
      fakeIpcMain.invoke(`${REQUEST_PREFIX}app:info`, 'https://evil.example/'),
    ).resolves.toMatchObject({
      ok: false,
    });

    // The capabilities are built at start-up with the data folder: settings answer, a device can be added.
    await expect(fakeIpcMain.invoke(`${REQUEST_PREFIX}settings:get`, ours)).resolves.toMatchObject({
      ok: true,
      value: { monitor: { intervalMs: 5000 } },
    });
    await expect(
      fakeIpcMain.invoke(`${REQUEST_PREFIX}monitor:add`, ours, {
        devices: [{ address: 'http://127.0.0.1:9' }],
      }),
    ).resolves.toEqual({ ok: true, value: { added: 1, alreadyThere: 0 } });

    // The window has the app icon and opens at the default size, centred on the (fake) 1920×1040 display.
    expect(existsSync(window.options.icon as string)).toBe(true);
    expect(window.options).toMatchObject({ x: 320, y: 110, width: 1280, height: 820 });
    // The application menu is installed; its Help → Open Data Folder opens the data folder.
    const menus = fakeMenu.installed?.template as {
      label: string;
      submenu: { label?: string; click?: () => void }[];
    }[];
    expect(menus.map((m) => m.label)).toEqual(expect.arrayContaining(['Edit', 'View', 'Window', 'Help']));
    const help = menus.find((m) => m.label === 'Help')!.submenu;
    help.find((i) => i.label === 'Open Data Folder')!.click!();
    await vi.waitFor(() => expect(fakeShell.openedPaths).toEqual([dataDir]), { timeout: 10_000 });

    // macOS: re-opening from the dock creates the window again; elsewhere closing the last window quits.
    window.close();
    // Closing remembered where the window was.
    await vi.waitFor(
      () =>
        expect(JSON.parse(readFileSync(join(dataDir, 'window-state.json'), 'utf8'))).toEqual({
          x: 320,
          y: 110,
          width: 1280,
          height: 820,
          maximized: false,
        }),
      { timeout: 10_000 },
    );
    fakeApp.emit('activate');
    expect(FakeBrowserWindow.getAllWindows()).toHaveLength(1);

    // Every app:* listener is attached once, not once per window.
    expect(fakeApp.listenerCount('activate')).toBe(1);
    expect(fakeApp.listenerCount('window-all-closed')).toBe(1);

    const quitsBefore = fakeApp.quitCalls;
    fakeApp.emit('window-all-closed');
    if (process.platform === 'darwin') {
      expect(fakeApp.quitCalls).toBe(quitsBefore);
      fakeApp.quit();
    } else {
      expect(fakeApp.quitCalls).toBe(quitsBefore + 1);
    }
    // The first will-quit holds the quit, runs the shutdown tasks, then quits for real.
    await vi.waitFor(() => expect(fakeApp.quitCalls).toBeGreaterThan(quitsBefore + 1), {
      timeout: 10_000,
    });
    expect(fakeIpcMain.listeners.size).toBe(0);
    // The fleet is the inventory's current site: the device added is saved there.
    const saved = join(dataDir, 'inventory.json');
    expect(existsSync(saved)).toBe(true);
    expect(readFileSync(saved, 'utf8')).toContain('http://127.0.0.1:9');
  });
});
