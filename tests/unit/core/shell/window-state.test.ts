/**
 * The window reopens where it was, on displays that may have changed since: fitted to a work area, fully
 * visible, never below the minimum size; and the file it comes from may be missing or damaged.
 */
import { EventEmitter } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Displays, Rect, WindowState } from '../../../../electron/core/shell/window-state';
import {
  DEFAULT_WINDOW_SIZE,
  loadWindowState,
  MIN_WINDOW_SIZE,
  placeWindow,
  saveWindowState,
  WINDOW_STATE_FILE,
} from '../../../../electron/core/shell/window-state';
import type { TrackedWindow } from '../../../../electron/core/shell/window-state-keeper';
import { createWindowStateKeeper } from '../../../../electron/core/shell/window-state-keeper';

/** A laptop screen (task bar at the bottom) with an external monitor to its right. */
const LAPTOP: Rect = { x: 0, y: 0, width: 1920, height: 1040 };
const MONITOR: Rect = { x: 1920, y: -200, width: 2560, height: 1400 };
const DOCKED: Displays = { workAreas: [LAPTOP, MONITOR], primary: LAPTOP };
const ON_SITE: Displays = { workAreas: [LAPTOP], primary: LAPTOP };

const saved = (rect: Rect, maximized = false): WindowState => ({ ...rect, maximized });

function inside(bounds: Rect, area: Rect): boolean {
  return (
    bounds.x >= area.x &&
    bounds.y >= area.y &&
    bounds.x + bounds.width <= area.x + area.width &&
    bounds.y + bounds.height <= area.y + area.height
  );
}

describe('placeWindow', () => {
  it('opens the first time at the default size, centred on the primary display', () => {
    expect(placeWindow(undefined, DOCKED)).toEqual({
      bounds: { x: 320, y: 110, ...DEFAULT_WINDOW_SIZE },
      maximized: false,
    });
  });

  it('keeps a window that fits where it was, on either display, maximized or not', () => {
    const onLaptop = saved({ x: 100, y: 50, width: 1000, height: 700 });
    expect(placeWindow(onLaptop, DOCKED)).toEqual({
      bounds: { x: 100, y: 50, width: 1000, height: 700 },
      maximized: false,
    });
    const onMonitor = saved({ x: 2500, y: -100, width: 1600, height: 1000 }, true);
    expect(placeWindow(onMonitor, DOCKED)).toEqual({
      bounds: { x: 2500, y: -100, width: 1600, height: 1000 },
      maximized: true,
    });
  });

  it('moves a window from a monitor that is gone onto the primary display, centred and whole', () => {
    const onMonitor = saved({ x: 2500, y: -100, width: 1600, height: 1000 });
    expect(placeWindow(onMonitor, ON_SITE)).toEqual({
      bounds: { x: 160, y: 20, width: 1600, height: 1000 },
      maximized: false,
    });
  });

  it('shrinks a window larger than its display to the work area, and pulls a half-hidden one back in', () => {
    const huge = saved({ x: 2000, y: 0, width: 4000, height: 3000 });
    expect(placeWindow(huge, DOCKED).bounds).toEqual(MONITOR);
    const halfOff = saved({ x: -500, y: 900, width: 1000, height: 700 });
    expect(placeWindow(halfOff, ON_SITE).bounds).toEqual({ x: 0, y: 340, width: 1000, height: 700 });
  });

  it('goes to the display it overlaps most when it straddles two', () => {
    const mostlyOnMonitor = saved({ x: 1800, y: 100, width: 1200, height: 800 });
    expect(placeWindow(mostlyOnMonitor, DOCKED).bounds).toEqual({
      x: 1920,
      y: 100,
      width: 1200,
      height: 800,
    });
  });

  it('never opens below the minimum size', () => {
    const tiny = saved({ x: 10, y: 10, width: 200, height: 100 });
    expect(placeWindow(tiny, ON_SITE).bounds).toEqual({ x: 10, y: 10, ...MIN_WINDOW_SIZE });
  });

  it('is always wholly inside one work area, whatever was saved and whatever the displays are', () => {
    const area = fc
      .record({
        x: fc.integer({ min: -5000, max: 5000 }),
        y: fc.integer({ min: -5000, max: 5000 }),
        width: fc.integer({ min: MIN_WINDOW_SIZE.width, max: 6000 }),
        height: fc.integer({ min: MIN_WINDOW_SIZE.height, max: 4000 }),
      })
      .map((r): Rect => r);
    const state = fc.record({
      x: fc.integer({ min: -100_000, max: 100_000 }),
      y: fc.integer({ min: -100_000, max: 100_000 }),
      width: fc.integer({ min: 1, max: 100_000 }),
      height: fc.integer({ min: 1, max: 100_000 }),
      maximized: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(area, { minLength: 1, maxLength: 4 }), state, (areas, s) => {
        const { bounds, maximized } = placeWindow(s, { workAreas: areas, primary: areas[0]! });
        expect(maximized).toBe(s.maximized);
        expect(areas.some((a) => inside(bounds, a))).toBe(true);
        expect(bounds.width).toBeGreaterThanOrEqual(MIN_WINDOW_SIZE.width);
        expect(bounds.height).toBeGreaterThanOrEqual(MIN_WINDOW_SIZE.height);
      }),
      { numRuns: 300 },
    );
  });
});

describe('window-state.json', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-window-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('round-trips a placement, written whole with no temporary file left', async () => {
    expect(await loadWindowState(dataDir)).toEqual({ kind: 'none' });
    const state = saved({ x: 10, y: 20, width: 1000, height: 700 }, true);
    await saveWindowState(dataDir, state);
    expect(await loadWindowState(dataDir)).toEqual({ kind: 'saved', state });
    expect(readdirSync(dataDir)).toEqual([WINDOW_STATE_FILE]);
  });

  it('creates the data folder on the first save', async () => {
    const nested = join(dataDir, 'not', 'yet');
    await saveWindowState(nested, saved({ x: 0, y: 0, width: 900, height: 600 }));
    expect((await loadWindowState(nested)).kind).toBe('saved');
  });

  it.each([
    ['half a file', '{"x": 10, "y":'],
    ['a wrong type', '{"x": "10", "y": 0, "width": 900, "height": 600, "maximized": false}'],
    ['a missing field', '{"x": 10, "y": 0, "width": 900, "height": 600}'],
    ['a coordinate off any desktop', '{"x": 1e12, "y": 0, "width": 900, "height": 600, "maximized": false}'],
    ['a zero size', '{"x": 0, "y": 0, "width": 0, "height": 600, "maximized": false}'],
  ])('treats %s as damaged, and the window then opens at the defaults', async (_name, text) => {
    writeFileSync(join(dataDir, WINDOW_STATE_FILE), text);
    const keeper = createWindowStateKeeper({ dataDir });
    expect((await keeper.load()).kind).toBe('damaged');
    expect(keeper.placement(ON_SITE)).toEqual(placeWindow(undefined, ON_SITE));
  });
});

/** Electron's BrowserWindow as far as the keeper uses it. */
class FakeWindow extends EventEmitter implements TrackedWindow {
  bounds: Rect = { x: 100, y: 100, width: 1000, height: 700 };
  maximized = false;
  getNormalBounds(): Rect {
    return { ...this.bounds };
  }
  isMaximized(): boolean {
    return this.maximized;
  }
}

describe('createWindowStateKeeper', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-window-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const onDisk = (): unknown => JSON.parse(readFileSync(join(dataDir, WINDOW_STATE_FILE), 'utf8'));

  it('writes once after a burst of moves, and the next start opens there', async () => {
    const writes: WindowState[] = [];
    const keeper = createWindowStateKeeper({
      dataDir,
      delayMs: 40,
      // Counted once on disk: the file is read as soon as the count says one write happened.
      save: async (dir, state) => {
        await saveWindowState(dir, state);
        writes.push(state);
      },
    });
    await keeper.load();
    const window = new FakeWindow();
    keeper.follow(window);
    for (let x = 0; x < 50; x += 1) {
      window.bounds = { ...window.bounds, x: 200 + x };
      window.emit('move');
    }
    await expect.poll(() => writes.length, { timeout: 2_000, interval: 20 }).toBe(1);
    expect(onDisk()).toEqual({ x: 249, y: 100, width: 1000, height: 700, maximized: false });

    const next = createWindowStateKeeper({ dataDir });
    await next.load();
    expect(next.placement(ON_SITE).bounds).toEqual({ x: 249, y: 100, width: 1000, height: 700 });
  });

  it('writes at once on close, and flush waits for it; an unchanged state is not written again', async () => {
    const writes: WindowState[] = [];
    const keeper = createWindowStateKeeper({
      dataDir,
      // Long enough that only close and flush can have written.
      delayMs: 60_000,
      save: async (dir, state) => {
        writes.push(state);
        await saveWindowState(dir, state);
      },
    });
    await keeper.load();
    const window = new FakeWindow();
    keeper.follow(window);
    window.maximized = true;
    window.emit('maximize');
    window.emit('close');
    await keeper.flush();
    expect(onDisk()).toEqual({ x: 100, y: 100, width: 1000, height: 700, maximized: true });
    await keeper.flush();
    expect(writes).toHaveLength(1);
  });

  it('keeps the app running when the folder cannot be written, and says so', async () => {
    const errors: unknown[] = [];
    const file = join(dataDir, 'a-file');
    writeFileSync(file, 'not a folder');
    const keeper = createWindowStateKeeper({ dataDir: file, onError: (e) => errors.push(e) });
    const window = new FakeWindow();
    keeper.follow(window);
    window.emit('close');
    await keeper.flush();
    expect(errors).toHaveLength(1);
  });
});
