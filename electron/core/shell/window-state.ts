/**
 * The window opens where the technician left it: its size, position and whether it was maximized are
 * kept in the data folder (window-state.json). What is read back is never trusted blindly: the file may
 * be damaged (defaults then), and the monitor it was on may be gone — a laptop taken off its docking
 * station on site — so the bounds are fitted to the displays there are now, fully visible, before the
 * window is created. Everything here is pure or plain Node; Electron's `screen` only supplies the work
 * areas (electron/main/window.ts).
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../inventory/atomic-file';

export const WINDOW_STATE_FILE = 'window-state.json';

/** The size the window opens at the first time, when the display has room for it. */
export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 820 } as const;
/** Below this the views stop fitting (the fleet table, the settings form). */
export const MIN_WINDOW_SIZE = { width: 900, height: 600 } as const;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A coordinate far outside any real desktop is a damaged file, not a place to open at. */
const coordinate = z.number().int().min(-100_000).max(100_000);
const length = z.number().int().min(1).max(100_000);

export const windowStateSchema = z.object({
  x: coordinate,
  y: coordinate,
  width: length,
  height: length,
  /** The bounds above are the normal (restored) ones; a maximized window is maximized again on open. */
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof windowStateSchema>;

export interface Displays {
  /** Every display's work area (the screen minus task bars and docks), in the desktop's coordinates. */
  workAreas: readonly Rect[];
  /** The primary display's work area: where a window goes when its own display is gone. */
  primary: Rect;
}

/** Where and how to open the window. */
export interface WindowPlacement {
  bounds: Rect;
  maximized: boolean;
}

function overlapArea(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

const clamp = (value: number, low: number, high: number): number => Math.min(Math.max(value, low), high);

/** At least the minimum size, at most the work area (a work area smaller than the minimum wins). */
function fitSize(width: number, height: number, area: Rect): { width: number; height: number } {
  return {
    width: Math.min(Math.max(width, MIN_WINDOW_SIZE.width), area.width),
    height: Math.min(Math.max(height, MIN_WINDOW_SIZE.height), area.height),
  };
}

function centeredIn(area: Rect, size: { width: number; height: number }): Rect {
  return {
    x: area.x + Math.floor((area.width - size.width) / 2),
    y: area.y + Math.floor((area.height - size.height) / 2),
    ...size,
  };
}

/**
 * The window's placement for these displays. A saved window goes to the display it overlaps most and is
 * moved (and shrunk if needed) until it is wholly inside that display's work area; one that overlaps no
 * display any more opens centred on the primary display. Nothing saved: the default size, centred.
 */
export function placeWindow(saved: WindowState | undefined, displays: Displays): WindowPlacement {
  if (saved === undefined) {
    const size = fitSize(DEFAULT_WINDOW_SIZE.width, DEFAULT_WINDOW_SIZE.height, displays.primary);
    return { bounds: centeredIn(displays.primary, size), maximized: false };
  }
  let best: Rect | undefined;
  let bestOverlap = 0;
  for (const area of displays.workAreas) {
    const overlap = overlapArea(saved, area);
    if (overlap > bestOverlap) {
      best = area;
      bestOverlap = overlap;
    }
  }
  const area = best ?? displays.primary;
  const size = fitSize(saved.width, saved.height, area);
  if (best === undefined) return { bounds: centeredIn(area, size), maximized: saved.maximized };
  return {
    bounds: {
      x: clamp(saved.x, area.x, area.x + area.width - size.width),
      y: clamp(saved.y, area.y, area.y + area.height - size.height),
      ...size,
    },
    maximized: saved.maximized,
  };
}

export type LoadedWindowState =
  | { kind: 'saved'; state: WindowState }
  | { kind: 'none' }
  /** The file exists but could not be used; `reason` is for the log. */
  | { kind: 'damaged'; reason: string };

/** Reads window-state.json; a missing or damaged file is an outcome, never an exception. */
export async function loadWindowState(dataDir: string): Promise<LoadedWindowState> {
  let text: string;
  try {
    text = await readFile(join(dataDir, WINDOW_STATE_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'none' };
    return { kind: 'damaged', reason: error instanceof Error ? error.message : String(error) };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'damaged', reason: 'not JSON' };
  }
  const parsed = windowStateSchema.safeParse(json);
  if (!parsed.success) {
    return { kind: 'damaged', reason: parsed.error.issues.map((i) => i.path.join('.')).join(', ') };
  }
  return { kind: 'saved', state: parsed.data };
}

/** Writes window-state.json atomically: a crash mid-write leaves the old placement, never half a file. */
export async function saveWindowState(dataDir: string, state: WindowState): Promise<void> {
  const checked = windowStateSchema.parse({
    ...state,
    x: Math.round(state.x),
    y: Math.round(state.y),
    width: Math.round(state.width),
    height: Math.round(state.height),
  });
  // The first save may come before anything else created the data folder.
  await mkdir(dataDir, { recursive: true });
  await writeFileAtomic(join(dataDir, WINDOW_STATE_FILE), `${JSON.stringify(checked, null, 2)}\n`);
}
