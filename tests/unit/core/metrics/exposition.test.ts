/** The site metrics' exposition: format, escaping, every family, OpenMetrics. */
import { describe, expect, it } from 'vitest';
import {
  escapeLabel,
  formatFor,
  renderExposition,
  sampleValue,
} from '../../../../electron/core/metrics/exposition';
import { parseMetricsAddress } from '../../../../electron/core/metrics/metrics-server';
import { PollRecorder } from '../../../../electron/core/metrics/poll-recorder';
import { expositionInput, fleetView } from '../../../support/metrics-fixtures';

const samples = (text: string, name: string): string[] =>
  text.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));

const LABELS = 'site="Site A",device_id="mac:02:00:00:00:00:01",address="http://10.0.0.0"';

describe('renderExposition (text 0.0.4)', () => {
  const text = renderExposition(expositionInput(fleetView(3)));

  it('writes each family once, HELP then TYPE, its samples together', () => {
    const names = [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => m[1]);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      const lines = text.split('\n');
      const at = lines.indexOf(lines.find((l) => l.startsWith(`# TYPE ${name} `)) ?? '');
      expect(lines[at - 1]).toMatch(new RegExp(`^# HELP ${name} \\S`));
    }
    expect(text.endsWith('\n')).toBe(true);
    expect(text).not.toContain('# EOF');
  });

  it('has every device family with the device labels, in base units', () => {
    expect(samples(text, 'minerdeck_device_info')[0]).toBe(
      `minerdeck_device_info{${LABELS},model="Antminer S21",firmware="Vnish 1.2.7"} 1`,
    );
    expect(samples(text, 'minerdeck_device_info')).toHaveLength(3);
    expect(samples(text, 'minerdeck_device_up')).toEqual([
      `minerdeck_device_up{${LABELS}} 1`,
      expect.stringContaining('} 1'),
      expect.stringContaining('} 0'),
    ]);
    expect(samples(text, 'minerdeck_device_online')[2]).toMatch(/ 0$/);
    expect(samples(text, 'minerdeck_device_state')).toEqual([
      `minerdeck_device_state{${LABELS},state="online"} 1`,
      expect.stringContaining('state="online"} 1'),
      expect.stringContaining('state="offline"} 1'),
    ]);
    const one = (name: string): string | undefined => samples(text, name)[0];
    expect(one('minerdeck_device_hash_rate_hashes_per_second')).toBe(
      `minerdeck_device_hash_rate_hashes_per_second{${LABELS}} 190000000000000`,
    );
    expect(one('minerdeck_device_hash_rate_average_hashes_per_second')).toMatch(/} 191000000000000$/);
    expect(one('minerdeck_device_hash_rate_nominal_hashes_per_second')).toMatch(/} 200000000000000$/);
    expect(one('minerdeck_device_chip_temperature_max_celsius')).toMatch(/} 70.5$/);
    expect(one('minerdeck_device_board_temperature_max_celsius')).toMatch(/} 55$/);
    expect(one('minerdeck_device_fan_min_rpm')).toMatch(/} 5000$/);
    expect(one('minerdeck_device_power_watts')).toMatch(/} 3500$/);
    expect(one('minerdeck_device_efficiency_joules_per_terahash')).toMatch(/} 17.5$/);
    expect(samples(text, 'minerdeck_device_alerts_active').map((l) => l.slice(-2))).toEqual([
      ' 0',
      ' 0',
      ' 1',
    ]);
    expect(one('minerdeck_device_last_success_timestamp_seconds')).toMatch(/} 1795496399$/);
    // An offline device has no reading: no sample, rather than a zero that would look like a reading.
    expect(samples(text, 'minerdeck_device_power_watts')).toHaveLength(2);
    expect(samples(text, 'minerdeck_device_last_success_timestamp_seconds')).toHaveLength(2);
    expect(samples(text, 'minerdeck_device_hashboard_chip_temperature_max_celsius').slice(0, 2)).toEqual([
      `minerdeck_device_hashboard_chip_temperature_max_celsius{${LABELS},board="1"} 65`,
      `minerdeck_device_hashboard_chip_temperature_max_celsius{${LABELS},board="2"} 70.5`,
    ]);
    expect(samples(text, 'minerdeck_device_hashboard_temperature_max_celsius')).toHaveLength(2);
    expect(one('minerdeck_device_pool_shares_accepted_total')).toBe(
      `minerdeck_device_pool_shares_accepted_total{${LABELS},pool="0",url="stratum+tcp://pool.example:3333"} 1599`,
    );
    expect(one('minerdeck_device_pool_shares_rejected_total')).toMatch(/,pool="0",url="[^"]+"} 9$/);
    expect(samples(text, 'minerdeck_device_alert')).toEqual([
      'minerdeck_device_alert{site="Site A",device_id="mac:02:00:00:00:02:01",address="http://10.0.0.2",kind="offline"} 1',
    ]);
    expect(samples(text, 'minerdeck_device_poll_errors_total')).toEqual([
      expect.stringMatching(/address="http:\/\/10.0.0.2".*,reason="TIMEOUT"} 2$/),
      expect.stringMatching(/,reason="UNREACHABLE"} 2$/),
    ]);
    expect(text).toContain('# TYPE minerdeck_device_poll_errors_total counter');
  });

  it('has fleet totals and the monitor health, with a cumulative latency histogram', () => {
    expect(samples(text, 'minerdeck_fleet_devices')).toContain(
      'minerdeck_fleet_devices{site="Site A",state="offline"} 1',
    );
    expect(samples(text, 'minerdeck_fleet_devices')).toContain(
      'minerdeck_fleet_devices{site="Site A",state="online"} 2',
    );
    expect(text).toContain('minerdeck_fleet_hash_rate_hashes_per_second{site="Site A"} 1000000000000000\n');
    expect(text).toContain(
      'minerdeck_fleet_hash_rate_nominal_hashes_per_second{site="Site A"} 2000000000000000\n',
    );
    expect(text).toContain('minerdeck_fleet_power_watts{site="Site A"} 7000\n');
    expect(text).toContain('minerdeck_fleet_alerts_active{site="Site A",kind="offline"} 1\n');
    expect(text).toContain(
      '# TYPE minerdeck_monitor_polls_total counter\nminerdeck_monitor_polls_total 1234\n',
    );
    expect(text).toContain('minerdeck_monitor_missed_polls_total 5\n');
    expect(text).toContain('# TYPE minerdeck_monitor_poll_duration_seconds histogram\n');
    // Latencies 3, 8, 40, 700 and 12,000 ms.
    expect(samples(text, 'minerdeck_monitor_poll_duration_seconds_bucket')).toEqual([
      'minerdeck_monitor_poll_duration_seconds_bucket{le="0.005"} 1',
      'minerdeck_monitor_poll_duration_seconds_bucket{le="0.01"} 2',
      'minerdeck_monitor_poll_duration_seconds_bucket{le="0.025"} 2',
      'minerdeck_monitor_poll_duration_seconds_bucket{le="0.05"} 3',
      'minerdeck_monitor_poll_duration_seconds_bucket{le="0.1"} 3',
      'minerdeck_monitor_poll_duration_seconds_bucket{le="0.25"} 3',
      'minerdeck_monitor_poll_duration_seconds_bucket{le="0.5"} 3',
      'minerdeck_monitor_poll_duration_seconds_bucket{le="1"} 4',
      'minerdeck_monitor_poll_duration_seconds_bucket{le="2.5"} 4',
      'minerdeck_monitor_poll_duration_seconds_bucket{le="5"} 4',
      'minerdeck_monitor_poll_duration_seconds_bucket{le="10"} 4',
      'minerdeck_monitor_poll_duration_seconds_bucket{le="+Inf"} 5',
    ]);
    expect(text).toContain('minerdeck_monitor_poll_duration_seconds_count 5\n');
    expect(samples(text, 'minerdeck_monitor_poll_duration_seconds_sum')[0]).toMatch(/ 12.751$/);
  });

  it("says whether this laptop is on the site network in the monitor's own health, not in every device's up", () => {
    expect(samples(text, 'minerdeck_monitor_network_up')).toEqual(['minerdeck_monitor_network_up 1']);
    expect(samples(text, 'minerdeck_monitor_network_down_since_timestamp_seconds')).toEqual([]);
    const input = expositionInput(fleetView(3));
    input.snapshot.totals.laptopOffNetworkSince = Date.UTC(2026, 10, 24, 4, 42, 0);
    const off = renderExposition(input);
    expect(samples(off, 'minerdeck_monitor_network_up')).toEqual(['minerdeck_monitor_network_up 0']);
    expect(samples(off, 'minerdeck_monitor_network_down_since_timestamp_seconds')).toEqual([
      'minerdeck_monitor_network_down_since_timestamp_seconds 1795495320',
    ]);
    expect(off).toContain('# TYPE minerdeck_monitor_network_up gauge\n');
    // The devices keep what they last showed: the two that answered are still up.
    expect(samples(off, 'minerdeck_device_up').map((line) => line.slice(-2))).toEqual([' 1', ' 1', ' 0']);
  });

  it('escapes backslash, double quote and newline in every label value', () => {
    const input = expositionInput(fleetView(1), 'Room "B"\\north\nrow 2');
    const extras = input.extras('mac:02:00:00:00:00:01')!;
    extras.model = 'S21 "Pro"';
    extras.firmware = 'fw\\1\n2';
    const out = renderExposition(input);
    expect(out).toContain(
      'minerdeck_device_info{site="Room \\"B\\"\\\\north\\nrow 2",device_id="mac:02:00:00:00:00:01",address="http://10.0.0.0",model="S21 \\"Pro\\"",firmware="fw\\\\1\\n2"} 1\n',
    );
    // Every line is a comment or a sample: no raw newline broke one.
    for (const line of out.trimEnd().split('\n')) expect(line).toMatch(/^(# (HELP|TYPE) |minerdeck_)/);
    expect(escapeLabel('plain')).toBe('plain');
  });

  it('writes numbers as the format does', () => {
    expect([NaN, Infinity, -Infinity, 1.5, 0, 2e21].map(sampleValue)).toEqual([
      'NaN',
      '+Inf',
      '-Inf',
      '1.5',
      '0',
      '2e+21',
    ]);
  });
});

describe('renderExposition (OpenMetrics 1.0)', () => {
  const text = renderExposition(expositionInput(fleetView(3)), 'openmetrics');

  it('names counter families without _total, keeps _total on samples, and ends with # EOF', () => {
    expect(text).toContain('# TYPE minerdeck_monitor_polls counter\nminerdeck_monitor_polls_total 1234\n');
    expect(text).toContain('# TYPE minerdeck_device_poll_errors counter\n');
    expect(text).not.toMatch(/# TYPE \S+_total /);
    expect(text.endsWith('\n# EOF\n')).toBe(true);
  });

  it('is chosen only when the Accept header asks for it', () => {
    expect(formatFor('application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5')).toBe(
      'openmetrics',
    );
    expect(formatFor('text/plain;version=0.0.4')).toBe('text');
    expect(formatFor(undefined)).toBe('text');
  });
});

describe('PollRecorder', () => {
  it('keeps identity and the average hash rate from the bodies, and errors by reason', () => {
    const recorder = new PollRecorder();
    const info = { miner: 'Antminer S19', fw_name: 'Vnish', fw_version: '1.2.6', hr_measure: 'TH/s' };
    const summary = {
      miner: {
        hr_average: 95.5,
        chains: [
          { id: 1, chip_temp: { min: 55, max: 65 }, pcb_temp: { min: 40, max: 50 } },
          { id: 2, chip_temp: { max: 900 } },
        ],
        pools: [
          { url: 'stratum+tcp://acct:s3cret@pool.example:3333', accepted: 10, rejected: 1, user: 'acct.w1' },
          { url: '', accepted: -1 },
          // Any scheme, a password holding "@": the whole login is cut (shared/domain/pool-url.ts).
          { url: 'stratum2+tcp://acct:p@ss@v2.pool.example:3336', accepted: 3 },
        ],
      },
    };
    recorder.record({ deviceId: 'd', ms: 4, summary, info });
    recorder.record({ deviceId: 'd', ms: 4000, error: 'TIMEOUT' });
    recorder.record({ deviceId: 'd', ms: 4000, error: 'TIMEOUT' });
    expect(recorder.extras('d')).toEqual({
      model: 'Antminer S19',
      firmware: 'Vnish 1.2.6',
      hashRateAverage: 95.5e12,
      errors: new Map([['TIMEOUT', 2]]),
      // 900 °C is no reading; a pool URL's credentials are never kept.
      boards: [{ board: '1', chipMax: 65, boardMax: 50 }, { board: '2' }],
      pools: [
        { pool: '0', url: 'stratum+tcp://pool.example:3333', accepted: 10, rejected: 1 },
        { pool: '1', url: '' },
        { pool: '2', url: 'stratum2+tcp://v2.pool.example:3336', accepted: 3 },
      ],
    });
    expect(recorder.histogram()).toMatchObject({ count: 3, sumSeconds: 8.004 });
  });

  it('reads the bodies once per new body, when asked; a poll without /info keeps the identity', () => {
    const recorder = new PollRecorder();
    const info = { miner: 'Antminer S21', fw_name: 'Vnish', fw_version: '1.2.7', hr_measure: 'TH/s' };
    const summaryAt = (average: number) => ({ miner: { hr_average: average } });
    recorder.record({ deviceId: 'd', ms: 3, summary: summaryAt(100), info });
    const first = recorder.extras('d');
    // Asked again with nothing new: the same extras, not read again.
    expect(recorder.extras('d')).toBe(first);
    recorder.record({ deviceId: 'd', ms: 3, summary: summaryAt(101) });
    const second = recorder.extras('d');
    expect(second).not.toBe(first);
    expect(second).toMatchObject({ model: 'Antminer S21', hashRateAverage: 101e12 });
    // A poll that answered without a summary: no average any more (absent, not stale).
    recorder.record({ deviceId: 'd', ms: 3 });
    expect(recorder.extras('d')?.hashRateAverage).toBeUndefined();
    expect(recorder.extras('unknown')).toBeUndefined();
  });
});

describe('parseMetricsAddress', () => {
  it('takes an IP and a port, or a port alone for loopback', () => {
    expect(parseMetricsAddress('9464')).toEqual({ ok: true, value: { host: '127.0.0.1', port: 9464 } });
    expect(parseMetricsAddress('0.0.0.0:9100')).toEqual({ ok: true, value: { host: '0.0.0.0', port: 9100 } });
    expect(parseMetricsAddress('[::1]:9464')).toEqual({ ok: true, value: { host: '::1', port: 9464 } });
  });

  it.each(['localhost:9464', '127.0.0.1', '127.0.0.1:0', '127.0.0.1:70000', '300.1.1.1:80', ''])(
    'refuses %j with a usage error',
    (text) => {
      const parsed = parseMetricsAddress(text);
      expect(parsed).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    },
  );
});
