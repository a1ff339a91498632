/**
 * Monitor snapshots for the site-metrics tests and benchmark: `count` devices with full readings (every
 * third one offline with poll errors), built directly so the exposition is measured alone.
 */
import type { ExpositionInput } from '../../electron/core/metrics/exposition';
import type { DeviceExtras } from '../../electron/core/metrics/poll-recorder';
import { PollRecorder } from '../../electron/core/metrics/poll-recorder';
import type { MonitorDeviceView } from '../../shared/domain/monitor';
import { zeroByState } from '../../shared/domain/kinds';

export const AT = Date.UTC(2026, 10, 24, 5, 0, 0);

export function fleetView(count: number): MonitorDeviceView[] {
  return Array.from({ length: count }, (_, i): MonitorDeviceView => {
    const address = `http://10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    const deviceId = `mac:02:00:00:${((i >> 8) & 255).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}:01`;
    if (i % 3 === 2) {
      return {
        deviceId,
        address,
        state: 'offline',
        reason: 'no answer',
        since: AT,
        missedPolls: 3,
        alerts: ['offline'],
      };
    }
    return {
      deviceId,
      address,
      state: 'online',
      reason: 'device reports mining',
      since: AT - 60_000,
      missedPolls: 0,
      lastAnswerAt: AT - 1_000,
      alerts: [],
      reading: {
        minerState: 'mining',
        minerKind: 'mining',
        hashRate: 190e12 + i,
        nominalHashRate: 200e12,
        chipTempMax: 70.5,
        boardTempMax: 55,
        powerW: 3500,
        efficiency: 17.5,
        fanCount: 4,
        fanRpmMin: 5000,
      },
    };
  });
}

/** The input a scrape of `devices` renders, with identity and errors for each. */
export function expositionInput(devices: MonitorDeviceView[], site = 'Site A'): ExpositionInput {
  const extras = new Map<string, DeviceExtras>();
  devices.forEach((d, i) =>
    extras.set(d.deviceId, {
      model: 'Antminer S21',
      firmware: 'Vnish 1.2.7',
      ...(d.state === 'online'
        ? {
            hashRateAverage: 191e12,
            boards: [
              { board: '1', chipMax: 65, boardMax: 50 },
              { board: '2', chipMax: 70.5 },
            ],
            pools: [{ pool: '0', url: 'stratum+tcp://pool.example:3333', accepted: 1599, rejected: 9 }],
          }
        : {}),
      errors: new Map(
        d.state === 'online'
          ? []
          : [
              ['TIMEOUT', i],
              ['UNREACHABLE', 2],
            ],
      ),
    }),
  );
  const byState = zeroByState();
  for (const d of devices) byState[d.state] += 1;
  const recorder = new PollRecorder();
  for (const ms of [3, 8, 40, 700, 12_000]) recorder.record({ deviceId: 'x', ms });
  return {
    site,
    snapshot: {
      at: AT,
      devices,
      totals: {
        devices: devices.length,
        byState,
        hashRate: 1e15,
        nominalHashRate: 2e15,
        powerW: 7000,
        activeAlerts: byState.offline,
      },
      alerts: devices
        .filter((d) => d.state === 'offline')
        .map((d, id) => ({
          id,
          kind: 'offline',
          deviceId: d.deviceId,
          address: d.address,
          message: 'no answer',
          raisedAt: AT,
        })),
    },
    stats: { polls: 1234, late: 5 },
    extras: (id) => extras.get(id),
    latency: recorder.histogram(),
  };
}

/**
 * `input` as the next poll round leaves it: every online device has new readings (hash rates, temperatures,
 * fans, power, efficiency, its last answer, accepted shares), as between two scrapes 15 s apart; offline
 * devices, identities and states stay. Round 0 is `input` itself.
 */
export function nextPollRound(input: ExpositionInput, round: number): ExpositionInput {
  if (round === 0) return input;
  const devices = input.snapshot.devices.map((d, i): MonitorDeviceView => {
    if (d.reading === undefined || d.lastAnswerAt === undefined) return d;
    const wobble = ((i * 7919 + round * 104_729) % 1000) / 1000;
    return {
      ...d,
      lastAnswerAt: d.lastAnswerAt + round * 15_000,
      reading: {
        ...d.reading,
        hashRate: 185e12 + wobble * 10e12,
        chipTempMax: 68 + Math.round(wobble * 60) / 10,
        boardTempMax: 54 + Math.round(wobble * 30) / 10,
        powerW: 3450 + Math.round(wobble * 1000) / 10,
        efficiency: 17 + Math.round(wobble * 100) / 100,
        fanRpmMin: 4900 + Math.round(wobble * 200),
      },
    };
  });
  const extras = (id: string): DeviceExtras | undefined => {
    const base = input.extras(id);
    if (base?.boards === undefined) return base;
    const shift = round / 10;
    return {
      ...base,
      hashRateAverage: (base.hashRateAverage ?? 0) + round * 1e9,
      boards: base.boards.map((b) => ({ ...b, chipMax: (b.chipMax ?? 60) + shift })),
      pools: (base.pools ?? []).map((p) => ({ ...p, accepted: (p.accepted ?? 0) + round * 40 })),
    };
  };
  const memo = new Map(devices.map((d) => [d.deviceId, extras(d.deviceId)]));
  return { ...input, snapshot: { ...input.snapshot, devices }, extras: (id) => memo.get(id) };
}
