/**
 * The monitor's readings in the Prometheus text exposition format 0.0.4, or OpenMetrics 1.0 when the
 * scraper asks for it (docs/design.md, Site metrics). Pure: a snapshot in, the bytes of a scrape out.
 *
 * Model and firmware are labels of one `minerdeck_device_info` series per device, not of every series (the
 * usual Prometheus "info metric"): a firmware upgrade then does not start new series for every family, and
 * a scrape stays a quarter smaller. Joined in PromQL with `* on(device_id) group_left(model, firmware)`.
 *
 * Written line by line into one buffer, family by family (all samples of a family must be together), with
 * each device's label set made once per scrape; timed at 5,000 devices by tests/bench/metrics.bench.ts.
 * Base units throughout (H/s, °C, W, seconds); label values escaped as
 * the format says (backslash, double quote, newline). Nothing secret is known here: the snapshot holds no
 * credential, and pools come only as URL (any `user:password@` cut off) and share counts — no worker, no
 * pool password.
 */
import { setImmediate } from 'node:timers/promises';
import type { MonitorState } from '../../../shared/domain/monitor';
import type { MonitorSnapshot, MonitorStats } from '../monitor/monitor';
import type { DeviceExtras, LatencyHistogram, PollRecorder } from './poll-recorder';
import { LATENCY_BUCKETS_S } from './poll-recorder';
import { boardFamilies, poolFamilies } from './exposition-boards';
import type { Row } from './exposition-writer';
import { escapeLabel, Writer } from './exposition-writer';

export { escapeLabel, sampleValue } from './exposition-writer';

export type ExpositionFormat = 'text' | 'openmetrics';

export const CONTENT_TYPES: Record<ExpositionFormat, string> = {
  text: 'text/plain; version=0.0.4; charset=utf-8',
  openmetrics: 'application/openmetrics-text; version=1.0.0; charset=utf-8',
};

/** OpenMetrics only when the scraper's Accept header names it (Prometheus does, with a quality). */
export function formatFor(accept: string | undefined): ExpositionFormat {
  return accept !== undefined && /application\/openmetrics-text/i.test(accept) ? 'openmetrics' : 'text';
}

export interface ExpositionInput {
  /** The site's name, as the `site` label of every device and fleet series ('' when none). */
  site: string;
  snapshot: MonitorSnapshot;
  stats: Pick<MonitorStats, 'polls' | 'late'>;
  extras: (deviceId: string) => DeviceExtras | undefined;
  latency: LatencyHistogram;
}

/** What a scrape reads: the running monitor (or one standing in for it) and the recorder its polls feed. */
export function expositionOf(
  site: string,
  monitor: { snapshot(): MonitorSnapshot; stats(): ExpositionInput['stats'] },
  recorder: Pick<PollRecorder, 'extras' | 'histogram'>,
): ExpositionInput {
  return {
    site,
    snapshot: monitor.snapshot(),
    stats: monitor.stats(),
    extras: (deviceId) => recorder.extras(deviceId),
    latency: recorder.histogram(),
  };
}

type Step = (w: Writer, rows: readonly Row[]) => void;

/** One gauge per device that has the value; devices without it have no sample (absent, not zero). */
function perDevice(
  w: Writer,
  rows: readonly Row[],
  name: string,
  help: string,
  pick: (row: Row) => number | undefined,
): void {
  w.family(name, 'gauge', help);
  for (const row of rows) {
    const value = pick(row);
    if (value !== undefined) w.sample(name, row.labels, value);
  }
}

/** A step writing one gauge family (see perDevice). */
const gauge =
  (name: string, help: string, pick: (row: Row) => number | undefined): Step =>
  (w, rows) =>
    perDevice(w, rows, name, help, pick);

/**
 * The per-device families, one step each: a streamed scrape yields to the event loop between steps, so a
 * poll never waits behind a whole scrape and the socket sends what is ready while the rest is made.
 */
const DEVICE_STEPS: readonly Step[] = [
  (w, rows) => {
    w.family(
      'minerdeck_device_info',
      'gauge',
      "The device's model and firmware (always 1; join on device_id for these labels).",
    );
    for (const row of rows) {
      const model = escapeLabel(row.extras?.model ?? '');
      const firmware = escapeLabel(row.extras?.firmware ?? '');
      w.sample('minerdeck_device_info', `${row.labels},model="${model}",firmware="${firmware}"`, 1);
    }
  },
  // Polls while this laptop is off the site network check nothing: the device keeps its value, and
  // minerdeck_monitor_network_up says why nothing is checked (one series, not one per device).
  gauge('minerdeck_device_up', 'Whether the last checked poll of the device got an answer.', (r) =>
    r.device.lastAnswerAt !== undefined && r.device.missedPolls === 0 && r.device.state !== 'offline' ? 1 : 0,
  ),
  gauge('minerdeck_device_online', 'Whether the device is online (answers, usable).', (r) =>
    r.device.state === 'online' ? 1 : 0,
  ),
  (w, rows) => {
    w.family('minerdeck_device_state', 'gauge', "The device's monitoring state (1 for the current one).");
    for (const row of rows)
      w.sample('minerdeck_device_state', `${row.labels},state="${row.device.state}"`, 1);
  },
  gauge(
    'minerdeck_device_hash_rate_hashes_per_second',
    'Current hash rate (realtime, else average) in hashes per second.',
    (r) => r.device.reading?.hashRate,
  ),
  gauge(
    'minerdeck_device_hash_rate_average_hashes_per_second',
    'Average hash rate the device reports, in hashes per second.',
    (r) => r.extras?.hashRateAverage,
  ),
  gauge(
    'minerdeck_device_hash_rate_nominal_hashes_per_second',
    'Nominal hash rate in hashes per second.',
    (r) => r.device.reading?.nominalHashRate,
  ),
  gauge(
    'minerdeck_device_chip_temperature_max_celsius',
    'Hottest chip temperature in degrees Celsius.',
    (r) => r.device.reading?.chipTempMax,
  ),
  gauge(
    'minerdeck_device_board_temperature_max_celsius',
    'Hottest hash board temperature in degrees Celsius.',
    (r) => r.device.reading?.boardTempMax,
  ),
  gauge(
    'minerdeck_device_fan_min_rpm',
    'Speed of the slowest fan in rpm.',
    (r) => r.device.reading?.fanRpmMin,
  ),
  gauge('minerdeck_device_power_watts', 'Power draw in watts.', (r) => r.device.reading?.powerW),
  gauge(
    'minerdeck_device_efficiency_joules_per_terahash',
    'Efficiency as the device reports it, in joules per terahash.',
    (r) => r.device.reading?.efficiency,
  ),
  boardFamilies,
  poolFamilies,
  gauge('minerdeck_device_alerts_active', 'Alerts active on the device.', (r) => r.device.alerts.length),
  gauge(
    'minerdeck_device_last_success_timestamp_seconds',
    'When the device last answered a poll (Unix time, seconds).',
    (r) => (r.device.lastAnswerAt === undefined ? undefined : r.device.lastAnswerAt / 1000),
  ),
  (w, rows) => {
    w.family(
      'minerdeck_device_alert',
      'gauge',
      'An alert active on the device (1), by kind, exactly as Minerdeck raises it (thresholds, hysteresis).',
    );
    for (const row of rows) {
      for (const kind of row.device.alerts)
        w.sample('minerdeck_device_alert', `${row.labels},kind="${kind}"`, 1);
    }
  },
  (w, rows) => {
    w.family('minerdeck_device_poll_errors_total', 'counter', 'Failed polls of the device by reason.');
    for (const row of rows) {
      const errors = row.extras?.errors;
      if (errors === undefined) continue;
      for (const [reason, count] of errors) {
        w.sample(
          'minerdeck_device_poll_errors_total',
          `${row.labels},reason="${escapeLabel(reason)}"`,
          count,
        );
      }
    }
  },
];

function fleetFamilies(w: Writer, input: ExpositionInput, site: string): void {
  const { totals, alerts } = input.snapshot;
  w.family('minerdeck_fleet_devices', 'gauge', 'Monitored devices by state.');
  for (const [state, count] of Object.entries(totals.byState) as [MonitorState, number][]) {
    w.sample('minerdeck_fleet_devices', `${site},state="${state}"`, count);
  }
  w.family('minerdeck_fleet_hash_rate_hashes_per_second', 'gauge', "Sum of the online devices' hash rates.");
  w.sample('minerdeck_fleet_hash_rate_hashes_per_second', site, totals.hashRate);
  w.family(
    'minerdeck_fleet_hash_rate_nominal_hashes_per_second',
    'gauge',
    "Sum of the online devices' nominal hash rates.",
  );
  w.sample('minerdeck_fleet_hash_rate_nominal_hashes_per_second', site, totals.nominalHashRate);
  w.family('minerdeck_fleet_power_watts', 'gauge', "Sum of the online devices' power draw in watts.");
  w.sample('minerdeck_fleet_power_watts', site, totals.powerW);
  w.family('minerdeck_fleet_alerts_active', 'gauge', 'Active alerts by kind.');
  const byKind = new Map<string, number>();
  for (const alert of alerts) byKind.set(alert.kind, (byKind.get(alert.kind) ?? 0) + 1);
  for (const [kind, count] of byKind)
    w.sample('minerdeck_fleet_alerts_active', `${site},kind="${kind}"`, count);
}

/** Whether this laptop is on the site network (monitor/laptop-network.ts), and since when it is not. */
function networkFamilies(w: Writer, input: ExpositionInput): void {
  const offSince = input.snapshot.totals.laptopOffNetworkSince;
  w.family(
    'minerdeck_monitor_network_up',
    'gauge',
    'Whether this laptop is on the site network (0: no device is checked; devices keep their last state).',
  );
  w.sample('minerdeck_monitor_network_up', '', offSince === undefined ? 1 : 0);
  w.family(
    'minerdeck_monitor_network_down_since_timestamp_seconds',
    'gauge',
    'When this laptop left the site network (Unix time, seconds); no sample while it is on it.',
  );
  if (offSince !== undefined)
    w.sample('minerdeck_monitor_network_down_since_timestamp_seconds', '', offSince / 1000);
}

function healthFamilies(w: Writer, input: ExpositionInput): void {
  networkFamilies(w, input);
  w.family('minerdeck_monitor_polls_total', 'counter', 'Polls the monitor finished.');
  w.sample('minerdeck_monitor_polls_total', '', input.stats.polls);
  w.family(
    'minerdeck_monitor_missed_polls_total',
    'counter',
    'Polls that started more than one interval late (no free slot or a busy process).',
  );
  w.sample('minerdeck_monitor_missed_polls_total', '', input.stats.late);
  const name = 'minerdeck_monitor_poll_duration_seconds';
  const { buckets, count, sumSeconds } = input.latency;
  w.family(name, 'histogram', 'How long polls took, answered or not.');
  LATENCY_BUCKETS_S.forEach((le, i) => w.sample(`${name}_bucket`, `le="${le}"`, buckets[i] ?? 0));
  w.sample(`${name}_bucket`, 'le="+Inf"', count);
  w.sample(`${name}_sum`, '', sumSeconds);
  w.sample(`${name}_count`, '', count);
}

/** The scrape as text (tests, small uses); the server streams `streamExposition`. */
export function renderExposition(input: ExpositionInput, format: ExpositionFormat = 'text'): string {
  return renderExpositionBytes(input, format).toString('utf8');
}

/** Every step of a scrape, in order: the device families, then the fleet's and the monitor's own. */
function scrapeSteps(input: ExpositionInput): { rows: Row[]; steps: Step[] } {
  const site = `site="${escapeLabel(input.site)}"`;
  // Each device's label set is made once per scrape, not once per series.
  const rows: Row[] = input.snapshot.devices.map((device) => ({
    device,
    extras: input.extras(device.deviceId),
    labels: `${site},device_id="${escapeLabel(device.deviceId)}",address="${escapeLabel(device.address)}"`,
  }));
  const tail: Step = (w) => {
    fleetFamilies(w, input, site);
    healthFamilies(w, input);
  };
  return { rows, steps: [...DEVICE_STEPS, tail] };
}

/** The whole scrape in one Buffer, at once. */
export function renderExpositionBytes(input: ExpositionInput, format: ExpositionFormat = 'text'): Buffer {
  const w = new Writer(format === 'openmetrics');
  const { rows, steps } = scrapeSteps(input);
  for (const step of steps) step(w, rows);
  if (format === 'openmetrics') w.put('# EOF\n');
  return w.bytes;
}

/**
 * The scrape as chunks handed to `write` while it is made, yielding to the event loop after each family:
 * polls and answers keep flowing during a scrape of thousands of devices (no single long block), and the
 * socket sends each chunk while the next is made instead of after the last.
 */
export async function streamExposition(
  input: ExpositionInput,
  format: ExpositionFormat,
  write: (chunk: Buffer) => void,
): Promise<void> {
  const w = new Writer(format === 'openmetrics', write);
  const { rows, steps } = scrapeSteps(input);
  for (const step of steps) {
    step(w, rows);
    w.flush();
    await setImmediate();
  }
  if (format === 'openmetrics') w.put('# EOF\n');
  w.flush();
}
