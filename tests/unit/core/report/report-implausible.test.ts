/**
 * Implausible values and miner-state words in the hand-over report: the nonsense a device sent is said
 * as "implausible" among the device's problems (its numbers were left out of the reading already), in
 * every format, and the device's own state word comes with what it means.
 */
import { describe, expect, it } from 'vitest';
import { newDevice } from '../../../../electron/core/inventory/devices';
import { buildReport } from '../../../../electron/core/report/build-report';
import { renderReport } from '../../../../electron/core/report/render-report';
import { readPollSummary } from '../../../../electron/core/monitor/poll-summary';
import { HALL_AT, hallSite } from '../../../support/report-hall';

const at = HALL_AT;
const site = hallSite();
const device = newDevice(
  { id: 'addr:10.0.0.10:80', siteId: 'hall-1', address: 'http://10.0.0.10', lastSeen: at },
  at,
);
// What the monitor's poll makes of a device sending a negative hash rate and 25 kW while shutting down.
const { summary } = readPollSummary(
  { miner_state: 'shutting-down' },
  { miner: { hr_realtime: -5, hr_nominal: 196_517.17, power_consumption: 25_000 } },
  { hr_measure: 'GH/s' },
);

const report = buildReport({
  site,
  devices: [device],
  snapshot: {
    at: Date.parse(at),
    devices: [
      {
        deviceId: device.id,
        state: 'online',
        reason: 'device reports shutting-down',
        reading: summary,
        alerts: [],
      },
    ],
  },
  laptop: 'laptop',
  app: { name: 'Minerdeck', version: '1.0.0' },
  now: new Date(at),
});

describe('the report, for a device sending implausible values', () => {
  it('lists each as an implausible problem with what the device sent; the hash rate is not a number', () => {
    const [only] = report.devices;
    expect(only?.hashRate).toBeNull();
    expect(only?.problems).toEqual([
      'implausible hash rate: -5 GH/s (plausible: 0 to 10 PH/s); left out',
      'implausible power: 25000 W (plausible: 0 to 20 kW); left out',
    ]);
    expect(report.counts.withProblems).toBe(1);
  });

  it.each(['csv', 'html', 'json'] as const)(
    'says so in %s, with the state word and its meaning',
    (format) => {
      const text = renderReport(report, format).content;
      expect(text).toContain('implausible hash rate: -5 GH/s (plausible: 0 to 10 PH/s); left out');
      // CSV and JSON keep the state word; the printed page's problems say what was left out.
      if (format !== 'html') expect(text).toContain('shutting-down');
    },
  );
});
