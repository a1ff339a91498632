/**
 * `npm run bench -- ui`: the fleet view with 5,000 devices, every one of them changing four
 * times a second, in real Chromium against the built renderer. Synthetic monitor diffs go through the
 * browser harness exactly as real ones would (one WebSocket message per event-hub flush); the rest of
 * the handlers are the real ones.
 *
 * Figures: first paint and the time until the first fleet rows are on screen (5,000 devices loaded);
 * animation-frame intervals while updating and scrolling (p50/p95/p99), long tasks, main-thread busy
 * share (Chrome's own counters); renderer JS heap after a forced GC at the start and after the run.
 * Budgets (docs/design.md): p95 frame ≤ 16 ms — read here as "the p95 frame interval is one 60 Hz frame
 * (16.7 ms)", i.e. no dropped frame in 95 % of frames — and first paint ≤ 1 s.
 * `UI_BENCH_DEVICES` (default 5000; 10,000 is a large hall) and `UI_BENCH_SECONDS` (default 60; the issue
 * asks 300) change it; `UI_BENCH_SORT` sorts the table by a column, `UI_BENCH_APP` measures another build
 * (before/after). The renderer heap is taken after a forced GC at the start, halfway and at the end, each
 * time with the diffs paused for a second so that none is waiting.
 */
import type { CDPSession, Page } from 'playwright-core';
import { createEventHub } from '../../electron/core/events/event-hub';
import { createHandlers } from '../../electron/core/handlers';
import { DEFAULT_SETTINGS } from '../../shared/domain/settings';
import { encodeMonitorDiff } from '../../shared/ipc/monitor-diff-codec';
import { ok } from '../../shared/result';
import { startHarnessServer } from '../e2e/harness/harness-server';
import { openBareCore } from '../support/app-core';
import { launchChromium } from '../support/browser';
import { builtApp } from '../support/built-app';
import type { BenchReport } from './bench-kit';
import { median, percentile } from './bench-kit';
import type { ProbeReading } from './ui/frame-probe';
import { FRAME_PROBE } from './ui/frame-probe';
import type { CpuProfile } from './ui/profile-summary';
import { topSelfTime } from './ui/profile-summary';
import { SyntheticFleet } from './ui/synthetic-fleet';

const DEVICES = Number(process.env.UI_BENCH_DEVICES ?? 5000);
const SECONDS = Number(process.env.UI_BENCH_SECONDS ?? 60);
const UPDATES_PER_SECOND = Number(process.env.UI_BENCH_UPDATES ?? 4);
/** Devices changed in each diff (default: all of them). */
const CHANGED = Number(process.env.UI_BENCH_CHANGED ?? DEVICES);
/** `UI_BENCH_PROFILE=1`: also record a CPU profile of the page and print where its time went. */
const PROFILE = process.env.UI_BENCH_PROFILE === '1';
/**
 * `UI_BENCH_APP=<folder>`: measure that built app (an `electron-vite build --outDir <folder>` of another
 * tree, e.g. the code before a change) instead of the current sources' build: before and after, side by
 * side on a shared machine.
 */
const APP_DIR = process.env.UI_BENCH_APP;
/** `UI_BENCH_SORT=<column header>` (e.g. "Hash rate"): the table sorted by that column, clicked once. */
const SORT_BY = process.env.UI_BENCH_SORT;
const FRAME_BUDGET_MS = 1000 / 60;
/** The synthetic fleet's state flips repeat every 1,000 diffs (synthetic-fleet.ts): 250 s at 4 a second. */
const CYCLE_S = 1000 / Math.max(1, UPDATES_PER_SECOND);

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function heapMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize / 1024 / 1024;
}

const COUNTERS = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'] as const;
type Counters = Record<(typeof COUNTERS)[number], number>;

/** Chrome's own main-thread time counters, in ms. */
async function counters(cdp: CDPSession): Promise<Counters> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  const value = (name: string): number => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  return Object.fromEntries(COUNTERS.map((name) => [name, value(name)])) as Counters;
}

/** Scrolls the table a screen down every two seconds and back to the top at the end: virtualization at work. */
async function scrollNow(page: Page, step: number): Promise<void> {
  await page.evaluate((n) => {
    const box = (
      globalThis as unknown as { document: { querySelector(s: string): { scrollTop: number } | null } }
    ).document.querySelector('.fleet-scroll');
    if (box !== null) box.scrollTop = (n % 20) * 600;
  }, step);
}

export async function run(): Promise<BenchReport> {
  const fleet = new SyntheticFleet(DEVICES);
  const hub = createEventHub();
  const services = await openBareCore({
    name: 'minerdeck',
    version: 'bench',
    platform: process.platform,
    versions: {},
  });
  const real = createHandlers(services);
  const handlers = {
    ...real,
    'monitor:snapshot': async () => ok(fleet.snapshot()),
    'settings:get': async () => ok(DEFAULT_SETTINGS),
    'discovery:suggest': async () => ok({ subnets: [] }),
    'credentials:keychain': async () => ok({ state: 'available' as const, advice: '', persistent: true }),
  };
  const server = await startHarnessServer({
    handlers,
    events: hub,
    staticDir: `${APP_DIR ?? (await builtApp())}/renderer`,
    validateEvents: false,
  });
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.addInitScript({ content: (await server.initScript()) + FRAME_PROBE });
  const navStart = Date.now();
  await page.goto(server.url);
  await page.waitForSelector('[role="row"][data-device-id]', { timeout: 30_000 });
  if (SORT_BY !== undefined) await page.getByRole('button', { name: SORT_BY, exact: true }).click();
  const load = await page.evaluate(() => {
    const probe = (globalThis as unknown as { __uiProbe: ProbeReading }).__uiProbe;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
    return { fcp, firstRow: probe.firstRowAt ?? Number.NaN };
  });
  const loadWall = Date.now() - navStart;

  let timer: ReturnType<typeof setInterval> | undefined;
  const sendDiffs = (on: boolean): void => {
    clearInterval(timer);
    timer =
      on && UPDATES_PER_SECOND > 0
        ? setInterval(
            // Encoded as core's diff emitter does (its cost is main's, outside this page's figures).
            () => hub.emit({ type: 'monitor:diff', payload: encodeMonitorDiff(fleet.nextDiff(CHANGED)) }),
            1000 / UPDATES_PER_SECOND,
          )
        : undefined;
  };
  /**
   * The heap after a GC with no diff on its way or waiting for its redraw: diffs paused for a second
   * first (the page redraws at most every 500 ms). A waiting diff of 10,000 devices is a few MB, enough
   * to hide a trend or to fake one between two readings.
   */
  const settledHeapMb = async (resume: boolean): Promise<number> => {
    sendDiffs(false);
    await sleep(1000);
    const mb = await heapMb(cdp);
    sendDiffs(resume);
    return mb;
  };
  sendDiffs(true);
  await sleep(3000); // warm-up: JIT, first diffs
  const heapStart = await settledHeapMb(true);
  const before = await counters(cdp);
  await page.evaluate(() => {
    (globalThis as unknown as { __uiProbe: { recording: boolean } }).__uiProbe.recording = true;
  });
  if (PROFILE) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  const started = Date.now();
  // The heap after a GC once more, one cycle of the synthetic fleet's states before the end (halfway in a
  // shorter run): the fleet's share of offline rows moves through that cycle, and the rows' memory with
  // it, so only a heap taken at the same point of it tells whether the renderer grows.
  const heapMidAtS = SECONDS > CYCLE_S ? SECONDS - CYCLE_S : SECONDS / 2;
  let heapMid: number | undefined;
  /** The diffs' pause for the reading halfway: no updates to count then. */
  let pausedMs = 0;
  for (let step = 1; Date.now() - started < SECONDS * 1000; step += 1) {
    await sleep(2000);
    await scrollNow(page, step);
    if (heapMid === undefined && Date.now() - started >= heapMidAtS * 1000) {
      const pauseStart = Date.now();
      heapMid = await settledHeapMb(true);
      pausedMs = Date.now() - pauseStart;
    }
  }
  const probe = await page.evaluate(() => {
    const p = (globalThis as unknown as { __uiProbe: ProbeReading & { recording: boolean } }).__uiProbe;
    p.recording = false;
    return { frames: p.frames, longTasks: p.longTasks };
  });
  const elapsed = Date.now() - started;
  const hot = PROFILE
    ? topSelfTime(((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile)
    : [];
  const after = await counters(cdp);
  const busy = after.TaskDuration - before.TaskDuration;
  const updates = Math.max(1, ((elapsed - pausedMs) / 1000) * UPDATES_PER_SECOND);
  const perUpdate = (name: (typeof COUNTERS)[number]): number => (after[name] - before[name]) / updates;
  const heapEnd = await settledHeapMb(false);
  const rowsInDom = await page.locator('[role="row"][data-device-id]').count();
  const shown = await page.locator('.toolbar-count').innerText();
  await browser.close();
  await server.close();
  await services.dispose();
  hub.close();

  const p95 = percentile(probe.frames, 95);
  return {
    figures: [
      { name: 'devices', value: DEVICES, unit: '' },
      { name: 'first contentful paint', value: load.fcp, unit: 'ms' },
      {
        name: `first fleet rows on screen (${DEVICES.toLocaleString('en')} loaded)`,
        value: load.firstRow,
        unit: 'ms',
      },
      { name: 'frames recorded', value: probe.frames.length, unit: '' },
      { name: 'frame interval p50', value: median(probe.frames), unit: 'ms' },
      { name: 'frame interval p95', value: p95, unit: 'ms' },
      { name: 'frame interval p99', value: percentile(probe.frames, 99), unit: 'ms' },
      {
        name: 'frames over 16.7 ms',
        value:
          (100 * probe.frames.filter((f) => f > FRAME_BUDGET_MS + 1).length) /
          Math.max(1, probe.frames.length),
        unit: '%',
      },
      { name: 'long tasks (> 50 ms)', value: probe.longTasks.length, unit: '' },
      { name: 'longest task', value: Math.max(0, ...probe.longTasks), unit: 'ms' },
      { name: 'main thread busy', value: (100 * busy) / elapsed, unit: '% of wall time' },
      { name: 'main thread per update (all work)', value: busy / updates, unit: 'ms' },
      { name: '  of which script', value: perUpdate('ScriptDuration'), unit: 'ms' },
      { name: '  of which style', value: perUpdate('RecalcStyleDuration'), unit: 'ms' },
      { name: '  of which layout', value: perUpdate('LayoutDuration'), unit: 'ms' },
      { name: 'renderer heap after warm-up (after GC)', value: heapStart, unit: 'MB' },
      {
        name: `renderer heap after ${Math.round(heapMidAtS)} s (after GC${SECONDS > CYCLE_S ? ', same point of the cycle as the end' : ''})`,
        value: heapMid ?? Number.NaN,
        unit: 'MB',
      },
      { name: `renderer heap after ${SECONDS} s (after GC)`, value: heapEnd, unit: 'MB' },
      { name: 'fleet rows in the DOM', value: rowsInDom, unit: '' },
    ],
    budgets: [
      {
        name: 'p95 frame ≤ 16 ms (one 60 Hz frame)',
        met: p95 <= FRAME_BUDGET_MS + 1,
        detail: `p95 interval ${p95.toFixed(1)} ms`,
      },
      {
        name: 'first paint ≤ 1 s',
        met: load.fcp <= 1000,
        detail: `FCP ${load.fcp.toFixed(0)} ms, fleet rows at ${load.firstRow.toFixed(0)} ms`,
      },
    ],
    notes: [
      `${UPDATES_PER_SECOND} diffs a second, each with all ${DEVICES} devices changed; table scrolled every 2 s; sorted by ${SORT_BY ?? 'device'}; toolbar said "${shown}".`,
      `page load wall time ${loadWall} ms; frame intervals are requestAnimationFrame deltas in headless Chromium (GPU off).`,
      ...hot.map((line) => `hot: ${line}`),
    ],
  };
}
