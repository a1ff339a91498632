/**
 * `npm run bench -- metrics`: one scrape of the site metrics for 5,000 devices (every family, full
 * readings, a third of the fleet offline with poll errors). Each scrape sees the next poll round (every
 * online device with new readings, as 15 s apart), so numbers are formatted as a real fleet's are.
 * Measured: rendering alone, and the whole scrape over loopback HTTP from the metrics server, streamed and
 * read by a scraper in another process as Prometheus is; also the longest the event loop was held during
 * those scrapes (what a poll can wait behind). On a shared machine wall times follow the load, so CPU
 * times are measured too (the rendering's, and the serving process's per HTTP scrape), with the load
 * average beside them.
 * Budget: ≤ 50 ms (median of 21 runs after one warm-up), so serving never slows polling.
 */
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DeviceLabelCache } from '../../electron/core/metrics/exposition-labels';
import type { ExpositionInput } from '../../electron/core/metrics/exposition';
import { renderExpositionBytes, streamExposition } from '../../electron/core/metrics/exposition';
import { startMetricsServer } from '../../electron/core/metrics/metrics-server';
import { PollRecorder } from '../../electron/core/metrics/poll-recorder';
import { fixtures } from '../simulator/fixtures';
import { expositionInput, fleetView, nextPollRound } from '../support/metrics-fixtures';
import type { BenchReport } from './bench-kit';
import { median, percentile } from './bench-kit';
import { scrapeFromAnotherProcess } from './monitor/metrics-scraper';

const DEVICES = 5_000;
const RUNS = 21;
const BUDGET_MS = 50;
/** Poll rounds cycled through: consecutive scrapes always see new readings. */
const ROUNDS = 4;

interface Rendered {
  wallMs: number[];
  cpuMs: number[];
  bytes: number;
}

function renderRuns(rounds: readonly ExpositionInput[]): Rendered {
  const at = (i: number): ExpositionInput => rounds[i % rounds.length] as ExpositionInput;
  renderExpositionBytes(at(0));
  const wallMs: number[] = [];
  const cpuMs: number[] = [];
  let bytes = 0;
  for (let i = 1; i <= RUNS; i += 1) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    bytes = renderExpositionBytes(at(i)).length;
    wallMs.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpuMs.push((used.user + used.system) / 1000);
  }
  return { wallMs, cpuMs, bytes };
}

/**
 * The poll recorder's part of a real scrape, which the ready-made inputs above leave out: between two
 * scrapes every device sent a new summary (a real firmware's body), read when the scrape asks for it.
 */
function recorderRuns(): number[] {
  const recorder = new PollRecorder();
  const ids = Array.from({ length: DEVICES }, (_, i) => `mac:02:00:00:${i}`);
  const text = JSON.stringify(fixtures().summary);
  // Two sets of parsed bodies taking turns: each round is new to the recorder, as after a poll round.
  const bodies = [0, 1].map(() => ids.map(() => JSON.parse(text) as unknown));
  const cpuMs: number[] = [];
  for (let round = 0; round <= RUNS; round += 1) {
    const summaries = bodies[round % 2] ?? [];
    ids.forEach((deviceId, i) =>
      recorder.record({
        deviceId,
        ms: 5,
        summary: summaries[i],
        ...(round === 0 ? { info: fixtures().infoS21 } : {}),
      }),
    );
    const cpu = process.cpuUsage();
    for (const deviceId of ids) recorder.extras(deviceId);
    const used = process.cpuUsage(cpu);
    if (round > 0) cpuMs.push((used.user + used.system) / 1000);
  }
  return cpuMs;
}

export async function run(): Promise<BenchReport> {
  // Kept between scrapes as the metrics servers keep it (monitor --metrics, the app's service).
  const first = { ...expositionInput(fleetView(DEVICES)), labels: new DeviceLabelCache() };
  const rounds = Array.from({ length: ROUNDS }, (_, round) => nextPollRound(first, round));
  const rendered = renderRuns(rounds);
  const recorderCpuMs = recorderRuns();
  let scrapes = 0;
  const served = await startMetricsServer({
    host: '127.0.0.1',
    port: 0,
    stream: (format, write) => {
      const input = rounds[scrapes++ % ROUNDS] as ExpositionInput;
      return streamExposition(input, format, write);
    },
  });
  if (!served.ok) throw new Error(served.error.message);
  const held = monitorEventLoopDelay({ resolution: 1 });
  held.enable();
  const load = loadavg()[0] ?? 0;
  const cpuBefore = process.cpuUsage();
  const scrape = await scrapeFromAnotherProcess(served.value.url, { everyMs: 0, count: RUNS, warmUps: 1 });
  const cpuUsed = process.cpuUsage(cpuBefore);
  // Everything the serving process did for the scrapes (render, socket writes), per scrape.
  const servingCpuMs = (cpuUsed.user + cpuUsed.system) / 1000 / (RUNS + 1);
  held.disable();
  await served.value.close();

  const scrapeMs = median(scrape);
  const renderMs = median(rendered.wallMs);
  return {
    figures: [
      { name: `render ${DEVICES} devices (median)`, value: renderMs, unit: 'ms' },
      { name: `render ${DEVICES} devices (p95)`, value: percentile(rendered.wallMs, 95), unit: 'ms' },
      // CPU time, less disturbed than wall time on a shared machine.
      { name: `render ${DEVICES} devices, CPU (median)`, value: median(rendered.cpuMs), unit: 'ms' },
      {
        name: `poll recorder: ${DEVICES} new summaries read for a scrape, CPU (median)`,
        value: median(recorderCpuMs),
        unit: 'ms',
      },
      { name: `HTTP scrape ${DEVICES} devices, streamed (median)`, value: scrapeMs, unit: 'ms' },
      { name: `HTTP scrape ${DEVICES} devices (p95)`, value: percentile(scrape, 95), unit: 'ms' },
      { name: `HTTP scrape ${DEVICES} devices, serving CPU (mean)`, value: servingCpuMs, unit: 'ms' },
      { name: 'load average (1 min) at the scrapes', value: load, unit: '' },
      { name: 'event-loop delay during the scrapes, p99', value: held.percentile(99) / 1e6, unit: 'ms' },
      { name: 'event-loop delay during the scrapes, max', value: held.max / 1e6, unit: 'ms' },
      { name: 'exposition size', value: rendered.bytes / 1e6, unit: 'MB' },
    ],
    budgets: [
      {
        name: `scrape of ${DEVICES} devices ≤ ${BUDGET_MS} ms`,
        met: scrapeMs <= BUDGET_MS,
        detail: `median ${scrapeMs.toFixed(1)} ms over HTTP (render alone ${renderMs.toFixed(1)} ms; event-loop delay p99 ${(held.percentile(99) / 1e6).toFixed(1)} ms)`,
      },
    ],
  };
}
