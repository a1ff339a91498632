/**
 * The one application window. It shows the renderer and nothing else: the security preferences are fixed
 * here, the page may not navigate or open windows, and the session grants no permission.
 */
import { BrowserWindow } from 'electron';
import type { RendererTarget } from './renderer-target';
import { applySessionPolicy, hardenWebContents, SECURE_WEB_PREFERENCES } from './security';

export interface MainWindowOptions {
  /** Absolute path of the built preload (`out/preload/index.cjs`). */
  preloadPath: string;
  target: RendererTarget;
  /** Where a failed page load is reported; the window stays open so the technician sees something. */
  onLoadError?: (error: unknown) => void;
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    title: 'Minerdeck',
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    // Shown on ready-to-show, so the technician never sees an empty white frame.
    show: false,
    autoHideMenuBar: true,
    webPreferences: { ...SECURE_WEB_PREFERENCES, preload: options.preloadPath },
  });

  hardenWebContents(window.webContents);
  applySessionPolicy(window.webContents.session);
  window.once('ready-to-show', () => window.show());

  const onLoadError = options.onLoadError ?? ((error: unknown) => console.error('Page load failed:', error));
  const loading =
    options.target.kind === 'dev-server'
      ? window.loadURL(options.target.url)
      : window.loadFile(options.target.path);
  loading.catch(onLoadError);

  return window;
}
