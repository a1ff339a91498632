/**
 * Keeps the window's placement between runs: read once at start-up, followed while the window moves and
 * resizes, written to the data folder. Dragging a window fires dozens of `move` events a second, so
 * writes wait until the window has been still for a moment (debounced); closing writes at once, and
 * `flush()` (a shutdown task) waits for the last write so quitting never loses it. The window is any
 * object with Electron's BrowserWindow methods used here, so this is tested without Electron.
 */
import type { Displays, LoadedWindowState, Rect, WindowPlacement, WindowState } from './window-state';
import { loadWindowState, placeWindow, saveWindowState } from './window-state';

/** The part of Electron's BrowserWindow followed here. */
export interface TrackedWindow {
  on(event: 'resize' | 'move' | 'maximize' | 'unmaximize' | 'close', listener: () => void): unknown;
  /** The bounds the window has when neither maximized nor minimized (what is worth restoring). */
  getNormalBounds(): Rect;
  isMaximized(): boolean;
}

export interface WindowStateKeeperOptions {
  dataDir: string;
  /** Quiet time after the last move or resize before writing. Default 500 ms. */
  delayMs?: number;
  /** Writes one state; default saveWindowState. Tests wrap it to count writes. */
  save?: (dataDir: string, state: WindowState) => Promise<void>;
  /** A failed write is logged, never fatal: the window still works, it just opens at the old place. */
  onError?: (error: unknown) => void;
}

export interface WindowStateKeeper {
  /** Reads window-state.json; until then, and when it is missing or damaged, placements use defaults. */
  load(): Promise<LoadedWindowState>;
  /** Where to open a window now, for the displays there are now. */
  placement(displays: Displays): WindowPlacement;
  /** Follows a window until it closes. */
  follow(window: TrackedWindow): void;
  /** Writes a pending change now and waits for every write. */
  flush(): Promise<void>;
}

const DEFAULT_DELAY_MS = 500;

export function createWindowStateKeeper(options: WindowStateKeeperOptions): WindowStateKeeper {
  const delayMs = options.delayMs ?? DEFAULT_DELAY_MS;
  const save = options.save ?? saveWindowState;
  const onError = options.onError ?? ((error: unknown) => console.error('Window state not saved:', error));
  let current: WindowState | undefined;
  let written = '';
  let pending: WindowState | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writing: Promise<void> = Promise.resolve();

  const writeNow = (): Promise<void> => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const state = pending;
    pending = undefined;
    const text = JSON.stringify(state);
    if (state !== undefined && text !== written) {
      written = text;
      // One write at a time, in order: the last state asked for is the one left on disk.
      writing = writing.then(() => save(options.dataDir, state)).catch(onError);
    }
    return writing;
  };

  const capture = (window: TrackedWindow): void => {
    current = { ...window.getNormalBounds(), maximized: window.isMaximized() };
    pending = current;
  };

  return {
    async load() {
      const loaded = await loadWindowState(options.dataDir);
      if (loaded.kind === 'saved') {
        current = loaded.state;
        written = JSON.stringify(loaded.state);
      }
      return loaded;
    },
    placement: (displays) => placeWindow(current, displays),
    follow(window) {
      const later = (): void => {
        capture(window);
        if (timer !== undefined) clearTimeout(timer);
        timer = setTimeout(() => void writeNow(), delayMs);
        // A pending write must never keep the process alive; quitting flushes it.
        timer.unref?.();
      };
      for (const event of ['resize', 'move', 'maximize', 'unmaximize'] as const) window.on(event, later);
      window.on('close', () => {
        capture(window);
        void writeNow();
      });
    },
    flush: writeNow,
  };
}
