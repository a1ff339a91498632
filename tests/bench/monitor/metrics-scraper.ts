/**
 * Site metrics in the monitor benchmark: the monitoring process serves them as `minerdeck monitor
 * --metrics` does, and a scraper in another Node process (as Prometheus is) GETs them, reading every byte,
 * so only serving is charged to the serving process's CPU. Also used by the metrics benchmark.
 */
import { execFile } from 'node:child_process';
import { expositionOf, streamExposition } from '../../../electron/core/metrics/exposition';
import { DeviceLabelCache } from '../../../electron/core/metrics/exposition-labels';
import type { MetricsServer } from '../../../electron/core/metrics/metrics-server';
import { startMetricsServer } from '../../../electron/core/metrics/metrics-server';
import type { PollRecorder } from '../../../electron/core/metrics/poll-recorder';
import type { Monitor } from '../../../electron/core/monitor/monitor';

export async function serveMetrics(monitor: Monitor, recorder: PollRecorder): Promise<MetricsServer> {
  const labels = new DeviceLabelCache();
  const served = await startMetricsServer({
    host: '127.0.0.1',
    port: 0,
    stream: (format, write) =>
      streamExposition(expositionOf('Bench', monitor, recorder, labels), format, write),
  });
  if (!served.ok) throw new Error(served.error.message);
  return served.value;
}

/**
 * Scrapes `count` times, starting one every `everyMs` (0: back to back), after `warmUps` unmeasured ones;
 * prints each measured scrape's wall time, first request byte to last answer byte.
 */
const SCRAPER = `
const { get } = require('node:http');
const [url, everyMs, count, warmUps] = process.argv.slice(1).map((v, i) => (i === 0 ? v : Number(v)));
const once = () => new Promise((resolve, reject) => {
  const started = performance.now();
  get(url, { headers: { accept: 'text/plain;version=0.0.4' } }, (res) => {
    res.on('data', () => undefined);
    res.on('end', () => resolve(performance.now() - started));
  }).on('error', reject);
});
(async () => {
  for (let i = 0; i < warmUps; i++) await once();
  const times = [];
  for (let i = 0; i < count; i++) {
    const due = Date.now() + everyMs;
    times.push(await once());
    if (i < count - 1) await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
  }
  process.stdout.write(JSON.stringify(times));
})();
`;

export interface ScrapePlan {
  everyMs: number;
  count: number;
  warmUps: number;
}

export function scrapeFromAnotherProcess(url: string, plan: ScrapePlan): Promise<number[]> {
  const args = [url, plan.everyMs, plan.count, plan.warmUps].map(String);
  const timeout = plan.everyMs * plan.count + 120_000;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', SCRAPER, ...args], { timeout }, (error, stdout) =>
      error === null ? resolve(JSON.parse(stdout) as number[]) : reject(error),
    );
  });
}
