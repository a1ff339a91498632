/**
 * The one application window. It shows the renderer and nothing else: the security preferences are fixed
 * here, the page may not navigate or open windows, and the session grants no permission but the camera to
 * the app's own page.
 */
import { BrowserWindow } from 'electron';
import type { Screen } from 'electron';
import type { Displays, WindowPlacement } from '../core/shell/window-state';
import { DEFAULT_WINDOW_SIZE, MIN_WINDOW_SIZE } from '../core/shell/window-state';
import type { RendererTarget } from './renderer-target';
import { isRendererUrl } from './renderer-target';
import { applySessionPolicy, hardenWebContents, SECURE_WEB_PREFERENCES } from './security';

export interface MainWindowOptions {
  /** Absolute path of the built preload (`out/preload/index.cjs`). */
  preloadPath: string;
  target: RendererTarget;
  /** Where a failed page load is reported; the window stays open so the technician sees something. */
  onLoadError?: (error: unknown) => void;
  /** Where the window was last time, fitted to today's displays (window-state-keeper.ts). */
  placement?: WindowPlacement;
  /** The window and task bar icon (core/shell/window-icon.ts `windowIconPath`). */
  iconPath?: string;
}

/** Every display's work area as core's placement wants it; Electron's screen exists only once ready. */
export function displaysOf(screen: Pick<Screen, 'getAllDisplays' | 'getPrimaryDisplay'>): Displays {
  return {
    workAreas: screen.getAllDisplays().map((display) => display.workArea),
    primary: screen.getPrimaryDisplay().workArea,
  };
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const { placement } = options;
  const window = new BrowserWindow({
    title: 'Minerdeck',
    ...(placement?.bounds ?? DEFAULT_WINDOW_SIZE),
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    // Shown on ready-to-show, so the technician never sees an empty white frame.
    show: false,
    autoHideMenuBar: true,
    ...(options.iconPath !== undefined ? { icon: options.iconPath } : {}),
    webPreferences: { ...SECURE_WEB_PREFERENCES, preload: options.preloadPath },
  });

  hardenWebContents(window.webContents);
  // The camera for Scan to place, for our own page only.
  applySessionPolicy(window.webContents.session, (url) => isRendererUrl(options.target, url));
  window.once('ready-to-show', () => {
    // Maximized again only now: maximizing a hidden window shows it early on some platforms.
    if (placement?.maximized === true) window.maximize();
    window.show();
  });

  const onLoadError = options.onLoadError ?? ((error: unknown) => console.error('Page load failed:', error));
  const loading =
    options.target.kind === 'dev-server'
      ? window.loadURL(options.target.url)
      : window.loadFile(options.target.path);
  loading.catch(onLoadError);

  return window;
}
