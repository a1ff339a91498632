/**
 * Firmware in the hand-over report: a rollout's many activity entries (before each step's uploads, devices
 * taking the image, verdicts, a stopped run resumed later) said once, "firmware 1.2.7 on 198 of 200
 * devices; 2 failed: …", each device counted by its latest line; and each device's firmware the version a
 * rollout verified it on when that is newer than what a scan saw.
 */
import { describe, expect, it } from 'vitest';
import { newDevice } from '../../../../electron/core/inventory/devices';
import { buildReport } from '../../../../electron/core/report/build-report';
import { activityOfReport } from '../../../../electron/core/report/report-activity';
import type { ActivityEntry, WriteOutcome } from '../../../../shared/domain/commission';
import { hallSite } from '../../../support/report-hall';

const T = (minute: number) => `2026-03-01T08:${String(minute).padStart(2, '0')}:00.000Z`;
const site = hallSite();
const COUNT = 200;
const id = (i: number) => `mac:${i}`;
const addr = (i: number) => `http://10.0.${Math.floor(i / 250)}.${(i % 250) + 1}`;
const IMAGE = { name: 'fw.bin', bytes: 1024, sha256: 'c'.repeat(64) };

function firmwareEntry(
  n: number,
  minute: number,
  phase: 'upload' | 'accepted' | 'verdict',
  devices: readonly number[],
  outcome: (i: number) => WriteOutcome = () => 'done',
): ActivityEntry {
  return {
    id: `fw-${n}`,
    siteId: 'hall-1',
    at: T(minute),
    by: 'laptop-a',
    action: 'firmware',
    what: `firmware fw.bin (0.0 MB, sha256 cccccccccccc…): ${phase === 'verdict' ? 'verdicts' : phase}`,
    firmware: { phase, image: IMAGE },
    devices: devices.map((i) => {
      const o = phase === 'verdict' ? outcome(i) : 'unknown';
      return {
        deviceId: id(i),
        address: addr(i),
        outcome: o,
        message: o === 'failed' ? 'still on 1.2.6 after the update' : 'verified',
        from: '1.2.6',
        ...(phase === 'verdict' ? { to: o === 'done' ? '1.2.7' : '1.2.6' } : {}),
      };
    }),
  };
}

const all = Array.from({ length: COUNT }, (_, i) => i);
const FAILING = [57, 121];
// Run 1 stops after its third batch (device 57 failed); run 2 retries nothing and finishes the rest (121 fails).
const activity: ActivityEntry[] = [
  firmwareEntry(1, 1, 'upload', all.slice(0, 100)),
  firmwareEntry(2, 2, 'accepted', all.slice(0, 100)),
  firmwareEntry(3, 3, 'verdict', all.slice(0, 100), (i) => (i === 57 ? 'failed' : 'done')),
  {
    id: 'reboot-1',
    siteId: 'hall-1',
    at: T(4),
    by: 'laptop-a',
    action: 'reboot',
    what: 'reboot',
    devices: [{ deviceId: id(5), address: addr(5), outcome: 'done', message: 'rebooted' }],
  },
  firmwareEntry(4, 10, 'upload', all.slice(100)),
  firmwareEntry(5, 11, 'accepted', all.slice(100)),
  firmwareEntry(6, 12, 'verdict', all.slice(100), (i) => (i === 121 ? 'failed' : 'done')),
];

describe('firmware in the report', () => {
  it('says a rollout once, across its runs, with the failed devices named', () => {
    const lines = activityOfReport(activity);
    expect(lines.map((l) => [l.action, l.summary])).toEqual([
      ['reboot', 'rebooted on 1 of 1 device'],
      [
        'firmware',
        `firmware 1.2.7 on 198 of 200 devices; 2 failed: ${FAILING.map((i) => addr(i).slice(7)).join(', ')}`,
      ],
    ]);
    expect(lines[1]).toMatchObject({ at: T(12), failed: FAILING.map(addr), unknown: [] });
  });

  it('counts a device whose update was under way when the log ends as unknown (check)', () => {
    const lines = activityOfReport([...activity, firmwareEntry(7, 20, 'upload', [57])]);
    expect(lines[1]?.summary).toBe(
      `firmware 1.2.7 on 198 of 200 devices; 1 failed: ${addr(121).slice(7)}; 1 unknown (check): ${addr(57).slice(7)}`,
    );
  });

  it('gives each device the version a rollout verified it on, when newer than what a scan saw', () => {
    const devices = [0, 57, 150].map((i) =>
      newDevice({ id: id(i), siteId: 'hall-1', address: addr(i), lastSeen: T(0) }, T(0)),
    );
    devices.forEach((d) => (d.identity.firmware = '1.2.6'));
    // Device 150 was scanned again after the rollout and reported something else: the scan is newer.
    devices[2]!.lastSeen = T(30);
    devices[2]!.identity.firmware = '1.2.8';
    const report = buildReport({
      site,
      devices,
      activity,
      laptop: 'laptop-a',
      app: { name: 'Minerdeck', version: '0' },
      now: new Date(T(40)),
    });
    expect(report.devices.map((d) => [d.deviceId, d.firmware])).toEqual([
      [id(0), '1.2.7'],
      [id(57), '1.2.6'],
      [id(150), '1.2.8'],
    ]);
    expect(report.inForce.firmware).toEqual([
      { firmware: '1.2.6', devices: 1 },
      { firmware: '1.2.7', devices: 1 },
      { firmware: '1.2.8', devices: 1 },
    ]);
  });
});
