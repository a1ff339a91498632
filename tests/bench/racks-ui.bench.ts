/**
 * `npm run bench -- racks-ui`: the Racks view (issue 34) with 2,000 devices in 100 racks of 5 shelves × 4
 * positions, every device changing four times a second, the map scrolled a screen every two seconds, in
 * real Chromium at 1280×720 against the built renderer — the UI benchmark's machinery (ui.bench.ts: the
 * synthetic fleet's diffs through the browser harness, the same frame probe), the layout answered as the
 * layout service would. Figures: the time until the map's slots are on screen, frame intervals
 * (p50/p95/p99), long tasks, main-thread time per update. `RACKS_BENCH_DEVICES` (default 2000, a
 * multiple of 20) and `RACKS_BENCH_SECONDS` (default 30) change it.
 */
import type { CDPSession, Page } from 'playwright-core';
import { createEventHub } from '../../electron/core/events/event-hub';
import { createHandlers } from '../../electron/core/handlers';
import type { SiteLayout } from '../../shared/domain/layout';
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
import { SyntheticFleet } from './ui/synthetic-fleet';

const DEVICES = Number(process.env.RACKS_BENCH_DEVICES ?? 2000);
const SECONDS = Number(process.env.RACKS_BENCH_SECONDS ?? 30);
const UPDATES_PER_SECOND = 4;
const SHELVES = 5;
const POSITIONS = 4;
const FRAME_BUDGET_MS = 1000 / 60;
const NOW = '2026-11-29T04:00:00.000Z';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** 20 devices a rack, ten racks an area, in the fleet's order. */
function layoutOf(ids: readonly string[]): SiteLayout {
  const perRack = SHELVES * POSITIONS;
  const racks = Array.from({ length: Math.ceil(ids.length / perRack) }, (_, i) => ({
    id: `rack-${i}`,
    area: `C${Math.floor(i / 10) + 1}`,
    name: `R${String((i % 10) + 1).padStart(2, '0')}`,
    shelves: SHELVES,
    positions: POSITIONS,
  }));
  return {
    siteId: 'site-1',
    slotPattern: '{area}-{rack}-S{shelf}-P{position}',
    areas: [...new Set(racks.map((r) => r.area))],
    racks,
    placements: ids.map((deviceId, n) => ({
      rackId: `rack-${Math.floor(n / perRack)}`,
      shelf: Math.floor((n % perRack) / POSITIONS) + 1,
      position: (n % POSITIONS) + 1,
      deviceId,
      placedAt: NOW,
    })),
    notes: [],
    updatedAt: NOW,
  };
}

async function scrollMap(page: Page, step: number): Promise<void> {
  await page.evaluate((n) => {
    const box = (
      globalThis as unknown as { document: { querySelector(s: string): { scrollTop: number } | null } }
    ).document.querySelector('.rack-map');
    if (box !== null) box.scrollTop = (n % 12) * 450;
  }, step);
}

async function busyMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
}

export async function run(): Promise<BenchReport> {
  const fleet = new SyntheticFleet(DEVICES);
  const snapshot = fleet.snapshot();
  const layout = layoutOf(snapshot.devices.map((d) => d.deviceId));
  const hub = createEventHub();
  const services = await openBareCore({
    name: 'minerdeck',
    version: 'bench',
    platform: process.platform,
    versions: {},
  });
  const handlers = {
    ...createHandlers(services),
    'monitor:snapshot': async () => ok(fleet.snapshot()),
    'layout:get': async () => ok({ layout, siteName: 'Bench hall', unplaced: [] }),
    'settings:get': async () => ok(DEFAULT_SETTINGS),
    'discovery:suggest': async () => ok({ subnets: [] }),
    'credentials:keychain': async () => ok({ state: 'available' as const, advice: '', persistent: true }),
  };
  const server = await startHarnessServer({
    handlers,
    events: hub,
    staticDir: `${await builtApp()}/renderer`,
    validateEvents: false,
  });
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.addInitScript({ content: (await server.initScript()) + FRAME_PROBE });
  await page.goto(server.url);
  await page.getByRole('button', { name: 'Racks' }).click();
  const clicked = Date.now();
  await page.waitForSelector('.slot[data-device-id]', { timeout: 60_000 });
  const mapMs = Date.now() - clicked;
  const timer = setInterval(
    () => hub.emit({ type: 'monitor:diff', payload: encodeMonitorDiff(fleet.nextDiff(DEVICES)) }),
    1000 / UPDATES_PER_SECOND,
  );
  await sleep(3000);
  await page.evaluate(() => {
    (globalThis as unknown as { __uiProbe: { recording: boolean } }).__uiProbe.recording = true;
  });
  const before = await busyMs(cdp);
  const started = Date.now();
  for (let step = 1; Date.now() - started < SECONDS * 1000; step += 1) {
    await sleep(2000);
    await scrollMap(page, step);
  }
  const probe = await page.evaluate(() => {
    const p = (globalThis as unknown as { __uiProbe: ProbeReading & { recording: boolean } }).__uiProbe;
    p.recording = false;
    return { frames: p.frames, longTasks: p.longTasks };
  });
  const elapsed = Date.now() - started;
  const busy = (await busyMs(cdp)) - before;
  clearInterval(timer);
  const slots = await page.locator('.slot[data-device-id]').count();
  await browser.close();
  await server.close();
  await services.dispose();
  hub.close();
  const p95 = percentile(probe.frames, 95);
  const updates = Math.max(1, (elapsed / 1000) * UPDATES_PER_SECOND);
  return {
    figures: [
      { name: 'devices (placed)', value: DEVICES, unit: '' },
      { name: 'slots in the DOM', value: slots, unit: '' },
      { name: 'Racks clicked → slots on screen', value: mapMs, unit: 'ms' },
      { name: 'frames recorded', value: probe.frames.length, unit: '' },
      { name: 'frame interval p50', value: median(probe.frames), unit: 'ms' },
      { name: 'frame interval p95', value: p95, unit: 'ms' },
      { name: 'frame interval p99', value: percentile(probe.frames, 99), unit: 'ms' },
      { name: 'long tasks (> 50 ms)', value: probe.longTasks.length, unit: '' },
      { name: 'longest task', value: Math.max(0, ...probe.longTasks), unit: 'ms' },
      { name: 'main thread busy', value: (100 * busy) / elapsed, unit: '% of wall time' },
      { name: 'main thread per update', value: busy / updates, unit: 'ms' },
    ],
    budgets: [
      {
        name: 'p95 frame ≤ 16 ms (one 60 Hz frame)',
        met: p95 <= FRAME_BUDGET_MS + 1,
        detail: `p95 interval ${p95.toFixed(1)} ms`,
      },
    ],
    notes: [
      `${UPDATES_PER_SECOND} diffs a second, all ${DEVICES} devices changed in each; the map scrolled every 2 s; 1280×720.`,
    ],
  };
}
