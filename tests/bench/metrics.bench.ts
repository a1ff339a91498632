/**
 * `npm run bench -- metrics`: one scrape of the site metrics for 5,000 devices — the exposition rendered
 * from a monitor snapshot (every family, full readings, a third of the fleet offline with poll errors), and
 * the same scrape over loopback HTTP from the metrics server, read by a scraper in another process as
 * Prometheus is. Budget: ≤ 50 ms (median of 21 runs after one warm-up), so serving never slows polling.
 */
import { renderExpositionBytes, streamExposition } from '../../electron/core/metrics/exposition';
import { startMetricsServer } from '../../electron/core/metrics/metrics-server';
import { expositionInput, fleetView } from '../support/metrics-fixtures';
import type { BenchReport } from './bench-kit';
import { scrapeFromAnotherProcess } from './monitor/metrics-scraper';
import { median, percentile, timeRuns } from './bench-kit';

const DEVICES = 5_000;

const RUNS = 21;
const BUDGET_MS = 50;

export async function run(): Promise<BenchReport> {
  const input = expositionInput(fleetView(DEVICES));
  let bytes = 0;
  const cpuMs: number[] = [];
  const render = await timeRuns(RUNS, async () => {
    const before = process.cpuUsage();
    bytes = renderExpositionBytes(input).length;
    const used = process.cpuUsage(before);
    cpuMs.push((used.user + used.system) / 1000);
  });
  const served = await startMetricsServer({
    host: '127.0.0.1',
    port: 0,
    stream: (format, write) => streamExposition(input, format, write),
  });
  if (!served.ok) throw new Error(served.error.message);
  const address = served.value.url;
  const scrape = await scrapeFromAnotherProcess(address, { everyMs: 0, count: RUNS, warmUps: 1 });
  await served.value.close();
  const renderMs = median(render);
  const scrapeMs = median(scrape);
  return {
    figures: [
      { name: `render ${DEVICES} devices (median)`, value: renderMs, unit: 'ms' },
      { name: `render ${DEVICES} devices (p95)`, value: percentile(render, 95), unit: 'ms' },
      // CPU time, less disturbed than wall time on a shared machine.
      { name: `render ${DEVICES} devices, CPU (median)`, value: median(cpuMs), unit: 'ms' },
      { name: `HTTP scrape ${DEVICES} devices (median)`, value: scrapeMs, unit: 'ms' },
      { name: 'exposition size', value: bytes / 1e6, unit: 'MB' },
    ],
    budgets: [
      {
        name: `scrape of ${DEVICES} devices ≤ ${BUDGET_MS} ms`,
        met: scrapeMs <= BUDGET_MS,
        detail: `median ${scrapeMs.toFixed(1)} ms over HTTP (render alone ${renderMs.toFixed(1)} ms)`,
      },
    ],
  };
}
