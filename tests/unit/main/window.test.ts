import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeBrowserWindow, FakeEvent } from './fake-electron';

vi.mock('electron', async () => (await import('./fake-electron')).fakeElectron);

const { createMainWindow, displaysOf } = await import('../../../electron/main/window');

const PRELOAD = '/app/out/preload/index.cjs';
const fileTarget = { kind: 'file', path: '/app/out/renderer/index.html' } as const;

function lastWindow(): FakeBrowserWindow {
  const window = FakeBrowserWindow.instances.at(-1);
  if (window === undefined) throw new Error('no window was created');
  return window;
}

describe('createMainWindow', () => {
  beforeEach(() => {
    FakeBrowserWindow.instances.length = 0;
  });

  it('creates the window with exactly the security webPreferences and our preload', () => {
    createMainWindow({ preloadPath: PRELOAD, target: fileTarget });

    expect(lastWindow().options.webPreferences).toEqual({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      preload: PRELOAD,
    });
  });

  it('loads the built file, or the dev server URL in dev', () => {
    createMainWindow({ preloadPath: PRELOAD, target: fileTarget });
    expect(lastWindow().loaded).toEqual([{ kind: 'file', target: fileTarget.path }]);

    createMainWindow({ preloadPath: PRELOAD, target: { kind: 'dev-server', url: 'http://localhost:5173/' } });
    expect(lastWindow().loaded).toEqual([{ kind: 'url', target: 'http://localhost:5173/' }]);
  });

  it('stays hidden until the page is ready to show', () => {
    createMainWindow({ preloadPath: PRELOAD, target: fileTarget });
    const window = lastWindow();
    expect(window.options.show).toBe(false);
    window.emit('ready-to-show');
    expect(window.shown).toBe(true);
  });

  it('opens where it was placed, with the app icon, maximized again only once ready', () => {
    const bounds = { x: 40, y: 30, width: 1000, height: 700 };
    createMainWindow({
      preloadPath: PRELOAD,
      target: fileTarget,
      placement: { bounds, maximized: true },
      iconPath: '/app/resources/icons/png/512.png',
    });
    const window = lastWindow();
    expect(window.options).toMatchObject({ ...bounds, minWidth: 900, minHeight: 600 });
    expect(window.options.icon).toBe('/app/resources/icons/png/512.png');
    expect(window.maximized).toBe(false);
    window.emit('ready-to-show');
    expect(window.maximized).toBe(true);
    expect(window.shown).toBe(true);
  });

  it('reads the work area of every display, and the primary one', () => {
    const laptop = { x: 0, y: 0, width: 1920, height: 1040 };
    const monitor = { x: 1920, y: 0, width: 2560, height: 1400 };
    const screen = {
      getAllDisplays: () => [{ workArea: laptop }, { workArea: monitor }],
      getPrimaryDisplay: () => ({ workArea: laptop }),
    } as unknown as Parameters<typeof displaysOf>[0];
    expect(displaysOf(screen)).toEqual({ workAreas: [laptop, monitor], primary: laptop });
  });

  it.each([
    'https://evil.example/',
    'file:///etc/passwd',
    'file:///app/out/renderer/index.html',
    'about:blank',
  ])('denies navigation to %s, in the top frame and in subframes', (url) => {
    createMainWindow({ preloadPath: PRELOAD, target: fileTarget });
    const { webContents } = lastWindow();
    for (const name of ['will-navigate', 'will-frame-navigate']) {
      const event = new FakeEvent();
      webContents.emit(name, event, url);
      expect(event.defaultPrevented, name).toBe(true);
    }
  });

  it('denies every new window and every webview', () => {
    createMainWindow({ preloadPath: PRELOAD, target: fileTarget });
    const { webContents } = lastWindow();

    for (const url of ['https://example.com/', 'http://10.0.0.5/', 'file:///app/out/renderer/index.html']) {
      expect(webContents.windowOpenHandler?.({ url })).toEqual({ action: 'deny' });
    }
    const event = new FakeEvent();
    webContents.emit('will-attach-webview', event, {}, {});
    expect(event.defaultPrevented).toBe(true);
  });

  it('denies every permission request and check but the camera for its own page', () => {
    createMainWindow({ preloadPath: PRELOAD, target: fileTarget });
    const { session } = lastWindow().webContents;
    const own = 'file:///app/out/renderer/index.html';
    const contents = { getURL: () => own };
    const asked = (permission: string, details: object): boolean => {
      const callback = vi.fn();
      session.permissionRequestHandler?.(contents, permission, callback, details);
      expect(callback).toHaveBeenCalledOnce();
      return callback.mock.calls[0]?.[0] as boolean;
    };

    for (const permission of ['notifications', 'geolocation', 'clipboard-read', 'openExternal', 'hid']) {
      expect(asked(permission, { requestingUrl: own, isMainFrame: true })).toBe(false);
      expect(session.permissionCheckHandler?.(contents, permission, 'file://', { requestingUrl: own })).toBe(
        false,
      );
    }
    expect(asked('media', { requestingUrl: own, isMainFrame: true, mediaTypes: ['video'] })).toBe(true);
    expect(asked('media', { requestingUrl: own, isMainFrame: true, mediaTypes: ['video', 'audio'] })).toBe(
      false,
    );
    expect(
      asked('media', { requestingUrl: 'https://evil.example/', isMainFrame: true, mediaTypes: ['video'] }),
    ).toBe(false);
    expect(
      session.permissionCheckHandler?.(contents, 'media', 'file://', {
        requestingUrl: own,
        mediaType: 'video',
      }),
    ).toBe(true);
    expect(
      session.permissionCheckHandler?.(contents, 'media', 'file://', {
        requestingUrl: own,
        mediaType: 'audio',
      }),
    ).toBe(false);
    expect(session.devicePermissionHandler?.({ deviceType: 'usb' })).toBe(false);
  });

  it('reports a failed page load instead of throwing', async () => {
    const onLoadError = vi.fn();
    const failure = new Error('ERR_FILE_NOT_FOUND');
    vi.spyOn(FakeBrowserWindow.prototype, 'loadFile').mockRejectedValueOnce(failure);

    createMainWindow({ preloadPath: PRELOAD, target: fileTarget, onLoadError });

    await vi.waitFor(() => expect(onLoadError).toHaveBeenCalledWith(failure));
  });
});
