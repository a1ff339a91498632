/**
 * A fleet of N devices that exists only as data, for the UI benchmark: the snapshot the window loads,
 * and monitor diffs in which every device changed (hash rate, temperatures, power, now and then a state),
 * as the real monitor would send them. The handlers are the real ones for everything else.
 */
import type { MonitorDeviceView, MonitorDiff, MonitorState } from '../../../shared/domain/monitor';
import type { FleetDevice, FleetSnapshot } from '../../../shared/ipc/channels/monitor';
import { zeroByState } from '../../../shared/domain/kinds';

const STATES: MonitorState[] = [
  'online',
  'online',
  'online',
  'online',
  'online',
  'online',
  'offline',
  'locked',
];

function ipOf(i: number): string {
  return `10.${Math.floor(i / 65_536) % 256}.${Math.floor(i / 256) % 256}.${(i % 254) + 1}`;
}

export class SyntheticFleet {
  private readonly views: MonitorDeviceView[];
  readonly devices: FleetDevice[];
  private tick = 0;

  constructor(readonly size: number) {
    const now = Date.now();
    this.views = Array.from({ length: size }, (_, i) => ({
      deviceId: `mac:02:00:00:${[(i >> 16) & 255, (i >> 8) & 255, i & 255].map((b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':')}`,
      address: `http://${ipOf(i)}`,
      state: STATES[i % STATES.length] ?? 'online',
      reason: 'device reports mining',
      since: now - (i % 3600) * 1000,
      missedPolls: 0,
      lastAnswerAt: now,
      reading: {
        minerState: 'mining',
        minerKind: 'mining',
        hashRate: 1.7e14,
        nominalHashRate: 1.96e14,
        chipTempMax: 65,
        boardTempMax: 50,
        powerW: 2500,
        fanCount: 4,
        fanRpmMin: 5880,
      },
      alerts: [],
    }));
    this.devices = this.views.map((view, i) => ({
      deviceId: view.deviceId,
      address: view.address,
      identity: {
        mac: view.deviceId.slice(4),
        hostname: `miner-${String(i).padStart(4, '0')}`,
        model: i % 3 === 0 ? 'Antminer S19 (88)' : 'Antminer S21 Pro',
        firmware: 'Vnish 1.2.7',
        serial: null,
      },
      credentials: { password: 'site', apiKey: true },
      view,
    }));
  }

  snapshot(): FleetSnapshot {
    return { running: true, devices: this.devices, totals: this.totals(), alerts: [] };
  }

  /** `changed` devices (default: all) changed: the readings move, and one device in 500 changes state. */
  nextDiff(changed = this.size): MonitorDiff {
    this.tick += 1;
    const at = Date.now();
    const t = this.tick;
    const first = ((t - 1) * changed) % this.views.length;
    const touched: MonitorDeviceView[] = [];
    for (let k = 0; k < Math.min(changed, this.views.length); k += 1) {
      const i = (first + k) % this.views.length;
      const view = this.views[i];
      if (view === undefined || view.reading === undefined) continue;
      const wobble = Math.sin((i + t) / 7);
      const flip = (i + t) % 500 === 0;
      const state: MonitorState = flip ? (view.state === 'online' ? 'offline' : 'online') : view.state;
      this.views[i] = {
        ...view,
        state,
        since: flip ? at : view.since,
        reason: state === 'offline' ? 'no answer for 3 polls (connection refused)' : 'device reports mining',
        lastAnswerAt: at,
        reading: {
          ...view.reading,
          hashRate: 1.7e14 + wobble * 1e13,
          chipTempMax: 65 + Math.round(wobble * 4),
          powerW: 2500 + Math.round(wobble * 60),
        },
        alerts: state === 'offline' ? ['offline'] : [],
      };
      touched.push(this.views[i] ?? view);
    }
    return { at, devices: touched, removed: [], raised: [], cleared: [], totals: this.totals() };
  }

  private totals(): FleetSnapshot['totals'] {
    const byState = zeroByState();
    let hashRate = 0;
    for (const v of this.views) {
      byState[v.state] += 1;
      hashRate += v.reading?.hashRate ?? 0;
    }
    return {
      devices: this.views.length,
      byState,
      hashRate,
      nominalHashRate: 1.96e14 * this.views.length,
      powerW: 2500 * this.views.length,
      activeAlerts: byState.offline,
    };
  }
}
