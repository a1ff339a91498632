/**
 * Electron main entry: lifecycle only. Services are built once when Electron is ready, handed to the IPC
 * binding and the window, and disposed on quit. Nothing is wired at import time except the app event
 * listeners Electron requires before `ready`.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { app, BrowserWindow, clipboard, dialog, powerSaveBlocker, screen, shell } from 'electron';
import { folderOpener } from '../core/shell/about-box';
import { appMenu, menuActions } from '../core/shell/app-menu';
import { windowIconPath } from '../core/shell/window-icon';
import { createHandlers } from '../core/handlers';
import { defaultDataDir } from '../core/inventory/data-dir';
import { tuneGcForMonitoring } from '../core/monitor/gc-tuning';
import { appClockPolicy } from '../core/clock/clock-policy';
import { demoPrefillFrom } from '../core/demo-prefill';
import { openCoreServices } from '../core/open-services';
import { keepAwakeDuringRuns } from '../core/progress/keep-awake';
import type { CoreServices } from '../core/services';
import { runtimeVersions } from '../core/services';
import type { WindowStateKeeper } from '../core/shell/window-state-keeper';
import { createWindowStateKeeper } from '../core/shell/window-state-keeper';
import { bindIpcMain, forwardEvents } from './ipc';
import type { RendererTarget } from './renderer-target';
import { isRendererUrl, resolveRendererTarget } from './renderer-target';
import { createFileGlue, createOpenFileGlue } from './file-glue';
import { installAppMenu } from './menu';
import { hardenWebContents, SECURE_WEB_PREFERENCES } from './security';
import { createElectronGlue } from './system-glue';
import { createMainWindow, displaysOf } from './window';

/** A hung shutdown task must not keep the app from quitting. */
const SHUTDOWN_TIMEOUT_MS = 5_000;

/** Built files, next to this bundle (out/main/index.js). */
const PRELOAD_PATH = join(import.meta.dirname, '../preload/index.cjs');
const RENDERER_INDEX_PATH = join(import.meta.dirname, '../renderer/index.html');

function start(): void {
  // The monitor runs in this process: V8's garbage collection set for thousands of devices (gc-tuning.ts).
  tuneGcForMonitoring();
  // "Enable process sandboxing" for every renderer, before any exists.
  app.enableSandbox();
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }

  let mainWindow: BrowserWindow | null = null;
  const shutdownTasks: Array<() => Promise<void> | void> = [];

  const openWindow = (target: RendererTarget, windowState: WindowStateKeeper): void => {
    mainWindow = createMainWindow({
      preloadPath: PRELOAD_PATH,
      target,
      placement: windowState.placement(displaysOf(screen)),
      iconPath: windowIconPath(app.getAppPath()),
    });
    windowState.follow(mainWindow);
    mainWindow.on('closed', () => {
      mainWindow = null;
    });
  };

  // Second lock besides window.ts: any web contents created later (devtools, a future dialog) gets the
  // same navigation and window-open policy.
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
  app.on('second-instance', () => {
    if (mainWindow === null) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  onQuitRunOnce(shutdownTasks);

  app
    .whenReady()
    .then(async () => {
      // The same folder the CLI uses by default (data-dir.ts): settings and the inventory (sites, fleet).
      const dataDir = defaultDataDir({ env: process.env, platform: process.platform, home: homedir() });
      // Filled once the services exist; the glue asks the fleet which pages may be opened.
      const built: { services?: CoreServices } = {};
      const prefill = demoPrefillFrom(process.env);
      const services = await openCoreServices({
        dataDir,
        system: {
          ...createElectronGlue({
            clipboard,
            shell,
            isDeviceUrl: (url) => built.services?.fleet?.isDeviceUrl(url) ?? false,
          }),
          openPath: folderOpener((path) => shell.openPath(path)),
          ...createFileGlue({
            showSaveDialog: (options) =>
              mainWindow === null
                ? dialog.showSaveDialog(options)
                : dialog.showSaveDialog(mainWindow, options),
            documentsDir: () => app.getPath('documents'),
            // The report page is inert: no script runs, no preload, the app's secure preferences.
            createPrintWindow: () =>
              new BrowserWindow({
                show: false,
                webPreferences: { ...SECURE_WEB_PREFERENCES, javascript: false },
              }),
          }),
          ...createOpenFileGlue({
            showOpenDialog: (options) =>
              mainWindow === null
                ? dialog.showOpenDialog(options)
                : dialog.showOpenDialog(mainWindow, options),
            startDir: () => app.getPath('downloads'),
          }),
        },
        ...(prefill !== undefined ? { prefill } : {}),
        // Real time, except a demo's runs over the simulated fleet on loopback (MINERDECK_TIME_SCALE).
        clockFor: appClockPolicy(process.env, (line) => console.warn(line)),
        identity: {
          name: app.getName(),
          version: app.getVersion(),
          platform: process.platform,
          versions: runtimeVersions(process.versions),
        },
      });
      built.services = services;
      // Stops scans and polls, saves the fleet list and settings, forgets sessions (services.ts).
      shutdownTasks.push(() => services.dispose());

      const target = resolveRendererTarget({
        isPackaged: app.isPackaged,
        devServerUrl: process.env.ELECTRON_RENDERER_URL,
        indexHtmlPath: RENDERER_INDEX_PATH,
      });
      const handlers = createHandlers(services);
      shutdownTasks.push(
        bindIpcMain({
          handlers,
          isTrustedUrl: (url) => isRendererUrl(target, url),
        }),
      );
      shutdownTasks.push(forwardEvents(services.events, () => mainWindow?.webContents ?? null));
      // A Commission or a rollout keeps the laptop awake until the last run ends (one blocker for all).
      shutdownTasks.push(
        keepAwakeDuringRuns(services.events, {
          start: () => powerSaveBlocker.start('prevent-app-suspension'),
          stop: (id) => powerSaveBlocker.stop(id),
        }),
      );

      installAppMenu(
        appMenu({ platform: process.platform, development: !app.isPackaged }),
        menuActions({
          about: () => handlers['app:about'](),
          openDataFolder: () => handlers['app:open-data-folder'](),
          showMessageBox: (options) =>
            mainWindow === null ? dialog.showMessageBox(options) : dialog.showMessageBox(mainWindow, options),
          showError: (message) => dialog.showErrorBox('Minerdeck', message),
        }),
      );

      // Size and position of last time; the last move is written before the app quits.
      const windowState = createWindowStateKeeper({ dataDir });
      const loaded = await windowState.load();
      if (loaded.kind === 'damaged') console.warn(`Window placement ignored (${loaded.reason}).`);
      shutdownTasks.push(() => windowState.flush());
      openWindow(target, windowState);
      app.on('activate', () => {
        if (BrowserWindow.getAllWindows().length === 0) openWindow(target, windowState);
      });
    })
    .catch((error: unknown) => {
      console.error('Minerdeck failed to start:', error);
      app.exit(1);
    });
}

/**
 * Clean shutdown hook: on the first `will-quit`, hold the quit, run the tasks in reverse order of
 * registration (last built, first stopped) with a time limit, then quit for real. Later issues register
 * "stop polls" and "save state" here through the services' dispose.
 */
function onQuitRunOnce(tasks: Array<() => Promise<void> | void>): void {
  let state: 'running' | 'stopping' | 'stopped' = 'running';
  app.on('will-quit', (event) => {
    if (state === 'stopped') return;
    event.preventDefault();
    if (state === 'stopping') return;
    state = 'stopping';
    const runAll = async (): Promise<void> => {
      for (const task of [...tasks].reverse()) {
        try {
          await task();
        } catch (error) {
          console.error('Shutdown task failed:', error);
        }
      }
    };
    const limit = new Promise((resolve) => setTimeout(resolve, SHUTDOWN_TIMEOUT_MS));
    void Promise.race([runAll(), limit]).then(() => {
      state = 'stopped';
      app.quit();
    });
  });
}

start();
