/**
 * The monitor's readings in the Prometheus text exposition format 0.0.4, or OpenMetrics 1.0 when the
 * scraper asks for it (docs/design.md, Site metrics). Pure: a snapshot in, the bytes of a scrape out.
 *
 * Model and firmware are labels of one `minerdeck_device_info` series per device, not of every series (the
 * usual Prometheus "info metric"): a firmware upgrade then does not start new series for every family, and
 * a scrape stays a quarter smaller. Joined in PromQL with `* on(device_id) group_left(model, firmware)`.
 *
 * Written as bytes into one buffer, family by family (all samples of a family must be together): each
 * family's header and sample name are bytes made once, each device's label set is kept between scrapes
 * (exposition-labels.ts); timed at 5,000 devices by tests/bench/metrics.bench.ts.
 * Base units throughout (H/s, °C, W, seconds); label values escaped as
 * the format says (backslash, double quote, newline). Nothing secret is known here: the snapshot holds no
 * credential, and pools come only as URL (any `user:password@` cut off) and share counts — no worker, no
 * pool password.
 */
import { setImmediate } from 'node:timers/promises';
import type { MonitorState } from '../../../shared/domain/monitor';
import type { MonitorSnapshot, MonitorStats } from '../monitor/monitor-reads';
import type { DeviceExtras, LatencyHistogram, PollRecorder } from './poll-recorder';
import { LATENCY_BUCKETS_S } from './poll-recorder';
import { boardFamilies, poolFamilies } from './exposition-boards';
import { DeviceLabelCache } from './exposition-labels';
import type { Family, Row } from './exposition-writer';
import { escapeLabel, family, LabelPieces, series, Writer } from './exposition-writer';

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
  /** Kept by whoever serves the scrapes, so label sets are reused between them; else made anew. */
  labels?: DeviceLabelCache;
}

/** What a scrape reads: the running monitor (or one standing in for it) and the recorder its polls feed. */
export function expositionOf(
  site: string,
  monitor: { snapshot(): MonitorSnapshot; stats(): ExpositionInput['stats'] },
  recorder: Pick<PollRecorder, 'extras' | 'histogram'>,
  labels?: DeviceLabelCache,
): ExpositionInput {
  return {
    site,
    snapshot: monitor.snapshot(),
    stats: monitor.stats(),
    extras: (deviceId) => recorder.extras(deviceId),
    latency: recorder.histogram(),
    ...(labels !== undefined ? { labels } : {}),
  };
}

type Step = (w: Writer, rows: readonly Row[]) => void;

/**
 * A step writing one gauge family, one sample per device that has the value; devices without it have no
 * sample (absent, not zero).
 */
function gauge(name: string, help: string, pick: (row: Row) => number | undefined): Step {
  const gaugeFamily = family(name, 'gauge', help);
  return (w, rows) => {
    w.family(gaugeFamily);
    for (const row of rows) {
      const value = pick(row);
      if (value !== undefined) w.sample(gaugeFamily, row.labels, value);
    }
  };
}

/** A step writing one family of 1s, one sample per device and each of its values of `label`. */
function oneOf(ones: Family, label: string, values: (row: Row) => Iterable<string>): Step {
  return (w, rows) => {
    w.family(ones);
    const pieces = new LabelPieces(label);
    for (const row of rows) for (const value of values(row)) w.sample(ones, row.labels, 1, pieces.of(value));
  };
}

const INFO = family(
  'minerdeck_device_info',
  'gauge',
  "The device's model and firmware (always 1; join on device_id for these labels).",
);
const STATE = family(
  'minerdeck_device_state',
  'gauge',
  "The device's monitoring state (1 for the current one).",
);
const ALERT = family(
  'minerdeck_device_alert',
  'gauge',
  'An alert active on the device (1), by kind, exactly as Minerdeck raises it (thresholds, hysteresis).',
);
const POLL_ERRORS = family(
  'minerdeck_device_poll_errors_total',
  'counter',
  'Failed polls of the device by reason.',
);

/**
 * The per-device families, one step each: a streamed scrape yields to the event loop between steps, so a
 * poll never waits behind a whole scrape and the socket sends what is ready while the rest is made.
 */
const DEVICE_STEPS: readonly Step[] = [
  (w, rows) => {
    w.family(INFO);
    for (const row of rows) w.sample(INFO, row.labels, 1, row.info);
  },
  // Polls while this laptop is off the site network check nothing: the device keeps its value, and
  // minerdeck_monitor_network_up says why nothing is checked (one series, not one per device).
  gauge('minerdeck_device_up', 'Whether the last checked poll of the device got an answer.', (r) =>
    r.device.lastAnswerAt !== undefined && r.device.missedPolls === 0 && r.device.state !== 'offline' ? 1 : 0,
  ),
  gauge('minerdeck_device_online', 'Whether the device is online (answers, usable).', (r) =>
    r.device.state === 'online' ? 1 : 0,
  ),
  oneOf(STATE, 'state', (r) => [r.device.state]),
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
  oneOf(ALERT, 'kind', (r) => r.device.alerts),
  (w, rows) => {
    w.family(POLL_ERRORS);
    const reasons = new LabelPieces('reason');
    for (const row of rows) {
      const errors = row.extras?.errors;
      if (errors === undefined) continue;
      for (const [reason, count] of errors) w.sample(POLL_ERRORS, row.labels, count, reasons.of(reason));
    }
  },
];

/** The fleet totals' series names (the hand-over's recording rules sum them across monitors). */
export const FLEET_SERIES = {
  devices: 'minerdeck_fleet_devices',
  hashRate: 'minerdeck_fleet_hash_rate_hashes_per_second',
  nominalHashRate: 'minerdeck_fleet_hash_rate_nominal_hashes_per_second',
  powerW: 'minerdeck_fleet_power_watts',
  alerts: 'minerdeck_fleet_alerts_active',
} as const;

const FLEET_DEVICES = family(FLEET_SERIES.devices, 'gauge', 'Monitored devices by state.');
const FLEET_HASH_RATE = family(FLEET_SERIES.hashRate, 'gauge', "Sum of the online devices' hash rates.");
const FLEET_NOMINAL = family(
  FLEET_SERIES.nominalHashRate,
  'gauge',
  "Sum of the online devices' nominal hash rates.",
);
const FLEET_POWER = family(FLEET_SERIES.powerW, 'gauge', "Sum of the online devices' power draw in watts.");
const FLEET_ALERTS = family(FLEET_SERIES.alerts, 'gauge', 'Active alerts by kind.');

function fleetFamilies(w: Writer, input: ExpositionInput, site: Buffer): void {
  const { totals, alerts } = input.snapshot;
  w.family(FLEET_DEVICES);
  const states = new LabelPieces('state');
  for (const [state, count] of Object.entries(totals.byState) as [MonitorState, number][]) {
    w.sample(FLEET_DEVICES, site, count, states.of(state));
  }
  w.family(FLEET_HASH_RATE);
  w.sample(FLEET_HASH_RATE, site, totals.hashRate);
  w.family(FLEET_NOMINAL);
  w.sample(FLEET_NOMINAL, site, totals.nominalHashRate);
  w.family(FLEET_POWER);
  w.sample(FLEET_POWER, site, totals.powerW);
  w.family(FLEET_ALERTS);
  const byKind = new Map<string, number>();
  for (const alert of alerts) byKind.set(alert.kind, (byKind.get(alert.kind) ?? 0) + 1);
  const kinds = new LabelPieces('kind');
  for (const [kind, count] of byKind) w.sample(FLEET_ALERTS, site, count, kinds.of(kind));
}

const NETWORK_UP = family(
  'minerdeck_monitor_network_up',
  'gauge',
  'Whether this laptop is on the site network (0: no device is checked; devices keep their last state).',
);
const NETWORK_DOWN_SINCE = family(
  'minerdeck_monitor_network_down_since_timestamp_seconds',
  'gauge',
  'When this laptop left the site network (Unix time, seconds); no sample while it is on it.',
);

/** Whether this laptop is on the site network (monitor/laptop-network.ts), and since when it is not. */
function networkFamilies(w: Writer, input: ExpositionInput): void {
  const offSince = input.snapshot.totals.laptopOffNetworkSince;
  w.family(NETWORK_UP);
  w.bare(NETWORK_UP, offSince === undefined ? 1 : 0);
  w.family(NETWORK_DOWN_SINCE);
  if (offSince !== undefined) w.bare(NETWORK_DOWN_SINCE, offSince / 1000);
}

const POLLS = family('minerdeck_monitor_polls_total', 'counter', 'Polls the monitor finished.');
const MISSED_POLLS = family(
  'minerdeck_monitor_missed_polls_total',
  'counter',
  'Polls that started more than one interval late (no free slot or a busy process).',
);
const POLL_DURATION = 'minerdeck_monitor_poll_duration_seconds';
const POLL_DURATION_FAMILY = family(POLL_DURATION, 'histogram', 'How long polls took, answered or not.');
const POLL_DURATION_BUCKET = series(`${POLL_DURATION}_bucket`);
const POLL_DURATION_SUM = series(`${POLL_DURATION}_sum`);
const POLL_DURATION_COUNT = series(`${POLL_DURATION}_count`);
const BUCKET_LABELS = [...LATENCY_BUCKETS_S.map(String), '+Inf'].map((le) => Buffer.from(`le="${le}"`));

function healthFamilies(w: Writer, input: ExpositionInput): void {
  networkFamilies(w, input);
  w.family(POLLS);
  w.bare(POLLS, input.stats.polls);
  w.family(MISSED_POLLS);
  w.bare(MISSED_POLLS, input.stats.late);
  const { buckets, count, sumSeconds } = input.latency;
  w.family(POLL_DURATION_FAMILY);
  BUCKET_LABELS.forEach((le, i) =>
    w.sample(POLL_DURATION_BUCKET, le, i < LATENCY_BUCKETS_S.length ? (buckets[i] ?? 0) : count),
  );
  w.bare(POLL_DURATION_SUM, sumSeconds);
  w.bare(POLL_DURATION_COUNT, count);
}

/** The scrape as text (tests, small uses); the server streams `streamExposition`. */
export function renderExposition(input: ExpositionInput, format: ExpositionFormat = 'text'): string {
  return renderExpositionBytes(input, format).toString('utf8');
}

/** Every step of a scrape, in order: the device families, then the fleet's and the monitor's own. */
function scrapeSteps(input: ExpositionInput): { rows: Row[]; steps: Step[] } {
  const labels = input.labels ?? new DeviceLabelCache();
  labels.begin();
  const rows: Row[] = input.snapshot.devices.map((device) => {
    const extras = input.extras(device.deviceId);
    const made = labels.of(input.site, device.deviceId, device.address, extras);
    return { device, extras, labels: made.labels, info: made.info };
  });
  labels.end();
  const site = Buffer.from(`site="${escapeLabel(input.site)}"`);
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
