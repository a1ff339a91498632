/**
 * The one fake of the `electron` module for main and preload tests. Outside Electron the real module
 * tries to download a binary, so every test that reaches `electron` mocks it with this:
 *   vi.mock('electron', async () => (await import('./fake-electron')).fakeElectron);
 * It records what the code under test asked for (window options, handlers, listeners) and lets a test
 * fire the events Electron would.
 */
import { EventEmitter } from 'node:events';
import type { RequestListener } from '../../../electron/main/ipc/bind-handlers';

/** What Electron passes as the first argument of `will-navigate` & co. */
export class FakeEvent {
  defaultPrevented = false;
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

type PermissionRequestHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: object,
) => void;

export class FakeSession {
  permissionRequestHandler: PermissionRequestHandler | null = null;
  permissionCheckHandler: ((...args: unknown[]) => boolean) | null = null;
  devicePermissionHandler: ((...args: unknown[]) => boolean) | null = null;
  setPermissionRequestHandler(handler: PermissionRequestHandler | null): void {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: ((...args: unknown[]) => boolean) | null): void {
    this.permissionCheckHandler = handler;
  }
  setDevicePermissionHandler(handler: ((...args: unknown[]) => boolean) | null): void {
    this.devicePermissionHandler = handler;
  }
}

export class FakeWebContents extends EventEmitter {
  readonly session = new FakeSession();
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  readonly sent: Array<{ channel: string; args: unknown[] }> = [];
  destroyed = false;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }
  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args });
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static readonly instances: FakeBrowserWindow[] = [];
  static getAllWindows(): FakeBrowserWindow[] {
    return FakeBrowserWindow.instances.filter((window) => !window.closed);
  }

  readonly webContents = new FakeWebContents();
  readonly loaded: Array<{ kind: 'url' | 'file'; target: string }> = [];
  shown = false;
  closed = false;
  maximized = false;

  constructor(readonly options: Record<string, unknown>) {
    super();
    FakeBrowserWindow.instances.push(this);
  }
  async loadURL(url: string): Promise<void> {
    this.loaded.push({ kind: 'url', target: url });
  }
  async loadFile(path: string): Promise<void> {
    this.loaded.push({ kind: 'file', target: path });
  }
  show(): void {
    this.shown = true;
  }
  isMinimized(): boolean {
    return false;
  }
  restore(): void {}
  focus(): void {}
  maximize(): void {
    this.maximized = true;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  /** The bounds the window was created with (a test may move it by changing `options`). */
  getNormalBounds(): { x: number; y: number; width: number; height: number } {
    const { x = 0, y = 0, width = 800, height = 600 } = this.options as Record<string, number | undefined>;
    return { x, y, width, height };
  }
  /** What happens when the user closes the window: `close` (still usable), then `closed`. */
  close(): void {
    this.emit('close');
    this.closed = true;
    this.emit('closed');
  }
}

export class FakeIpcMain {
  readonly listeners = new Map<string, RequestListener>();
  handle(channel: string, listener: RequestListener): void {
    if (this.listeners.has(channel))
      throw new Error(`Attempted to register a second handler for '${channel}'`);
    this.listeners.set(channel, listener);
  }
  removeHandler(channel: string): void {
    this.listeners.delete(channel);
  }
  /** Calls a bound channel the way a renderer frame at `url` would. */
  invoke(channel: string, url: string, ...args: unknown[]): Promise<unknown> {
    const listener = this.listeners.get(channel);
    if (listener === undefined) throw new Error(`No handler registered for '${channel}'`);
    return listener({ senderFrame: { url, parent: null } }, ...args);
  }
}

export class FakeApp extends EventEmitter {
  isPackaged = false;
  quitCalls = 0;
  sandboxEnabled = false;
  private resolveReady: () => void = () => undefined;
  private readonly ready = new Promise<void>((resolve) => {
    this.resolveReady = resolve;
  });
  enableSandbox(): void {
    this.sandboxEnabled = true;
  }
  requestSingleInstanceLock(): boolean {
    return true;
  }
  whenReady(): Promise<void> {
    return this.ready;
  }
  /** What Electron does once it has started. */
  becomeReady(): void {
    this.resolveReady();
  }
  getName(): string {
    return 'minerdeck';
  }
  getVersion(): string {
    return '0.1.0';
  }
  /** Where package.json is: the repository when running from source. */
  getAppPath(): string {
    return process.cwd();
  }
  quit(): void {
    this.quitCalls += 1;
    const event = new FakeEvent();
    this.emit('will-quit', event);
  }
  exit(): void {}
}

export class FakeIpcRenderer extends EventEmitter {
  readonly invocations: Array<{ channel: string; args: unknown[] }> = [];
  answer: (channel: string, args: unknown[]) => Promise<unknown> = async () => undefined;
  invoke(channel: string, ...args: unknown[]): Promise<unknown> {
    this.invocations.push({ channel, args });
    return this.answer(channel, args);
  }
}

/** Records what main put on the clipboard and which pages it asked the system browser to open. */
export const fakeClipboard = {
  written: [] as string[],
  writeText(text: string): void {
    fakeClipboard.written.push(text);
  },
};
export const fakeShell = {
  opened: [] as string[],
  openedPaths: [] as string[],
  async openExternal(url: string): Promise<void> {
    fakeShell.opened.push(url);
  },
  /** Electron's convention: '' when the folder opened, else the error message. */
  async openPath(path: string): Promise<string> {
    fakeShell.openedPaths.push(path);
    return '';
  },
};

/** The application menu main installed, as the template it was built from. */
export const fakeMenu = {
  installed: null as { template: unknown[] } | null,
  buildFromTemplate(template: unknown[]): { template: unknown[] } {
    return { template };
  },
  setApplicationMenu(menu: { template: unknown[] } | null): void {
    fakeMenu.installed = menu;
  },
};

/** One 1920×1080 display with a 40 px task bar, as Electron's `screen` reports it. */
export const fakeScreen = {
  getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }],
  getPrimaryDisplay: () => ({ workArea: { x: 0, y: 0, width: 1920, height: 1040 } }),
};

export const fakeApp = new FakeApp();
export const fakeIpcMain = new FakeIpcMain();
export const fakeIpcRenderer = new FakeIpcRenderer();
export const exposed: Array<{ key: string; value: unknown }> = [];

/** The module object `vi.mock('electron', …)` returns. */
export const fakeElectron = {
  app: fakeApp,
  BrowserWindow: FakeBrowserWindow,
  ipcMain: fakeIpcMain,
  ipcRenderer: fakeIpcRenderer,
  clipboard: fakeClipboard,
  shell: fakeShell,
  Menu: fakeMenu,
  screen: fakeScreen,
  contextBridge: {
    exposeInMainWorld(key: string, value: unknown): void {
      exposed.push({ key, value });
    },
  },
};
