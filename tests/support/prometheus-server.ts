/**
 * A real Prometheus (Debian's package) for the site-metrics tests: started on loopback with a configuration
 * `export --prometheus` wrote and a storage folder of the test's own, asked through its HTTP query API, and
 * `promtool` for the files. The `minerdeck monitor` those tests run beside it polls quickly (0.3 s) for a
 * bounded 14 s, so two scrapes and an alert take seconds.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'vitest';
import { PROMETHEUS_PATH, PROMTOOL_PATH } from './requirements';

export interface Sample {
  metric: Record<string, string>;
  value: [number, string];
}

export const promtool = (...args: string[]) => spawnSync(PROMTOOL_PATH, args, { encoding: 'utf8' });

/** Prometheus on `127.0.0.1:port` with `configFile`, its data in `dir/tsdb`; the test kills it. */
export function startPrometheus(configFile: string, dir: string, port: number): ChildProcess {
  return spawn(
    PROMETHEUS_PATH,
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${join(dir, 'tsdb')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: 'ignore' },
  );
}

/** The samples of `expr` now (or at `time`, in seconds) from the Prometheus at `url`. */
export async function queryPrometheus(url: string, expr: string, time?: number): Promise<Sample[]> {
  const at = time === undefined ? '' : `&time=${time}`;
  const res = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(expr)}${at}`);
  const body = (await res.json()) as { status: string; data: { result: Sample[] } };
  expect(body.status).toBe('success');
  return body.data.result;
}

/** Asks `check` every half second until it says yes or `ms` passed; answers whether it said yes. */
export async function everyHalfSecond(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  const until = Date.now() + ms;
  let done = false;
  while (!done && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    done = await check();
  }
  return done;
}

/** `minerdeck monitor` over `targets` for 14 s at 0.3 s polls, JSON lines, metrics served on `metrics`. */
export const quickMonitorArgs = (
  targets: readonly string[],
  metrics: string,
  extra: readonly string[] = [],
): string[] => [
  'monitor',
  ...targets,
  '--password-stdin',
  '--interval',
  '0.3',
  '--timeout',
  '200',
  '--duration',
  '14',
  '--json',
  ...extra,
  '--metrics',
  metrics,
];
