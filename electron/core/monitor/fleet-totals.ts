/**
 * Fleet totals for the header of a fleet view: devices per state and the sums a site manager asks about
 * first (hash rate, nominal, power). Kept up to date per poll (each record's share is taken out before
 * it changes and put back after), so a diff ten times a second does not walk 2,000 records; a full
 * recount every minute keeps floating-point sums from drifting.
 */
import type { FleetTotals, MonitorState } from '../../../shared/domain/monitor';
import { zeroByState } from '../../../shared/domain/kinds';
import type { DeviceRecord } from './device-record';

/** One record's share of the totals. */
export interface Share {
  state: MonitorState;
  hashRate: number;
  nominalHashRate: number;
  powerW: number;
}

export function shareOf(record: DeviceRecord): Share {
  const summary = record.machine.state === 'online' ? record.summary : undefined;
  return {
    state: record.machine.state,
    hashRate: summary?.hashRate ?? 0,
    nominalHashRate: summary?.nominalHashRate ?? 0,
    powerW: summary?.powerW ?? 0,
  };
}

export class FleetTotalsTracker {
  private byState = zeroByState();
  private devices = 0;
  private hashRate = 0;
  private nominalHashRate = 0;
  private powerW = 0;

  add(share: Share, sign = 1): void {
    this.devices += sign;
    this.byState[share.state] += sign;
    this.hashRate += sign * share.hashRate;
    this.nominalHashRate += sign * share.nominalHashRate;
    this.powerW += sign * share.powerW;
  }

  remove(share: Share): void {
    this.add(share, -1);
  }

  /** Recounts from scratch (drift of floating-point sums). */
  recount(records: Iterable<DeviceRecord>): void {
    this.byState = zeroByState();
    this.devices = 0;
    this.hashRate = 0;
    this.nominalHashRate = 0;
    this.powerW = 0;
    for (const record of records) this.add(shareOf(record));
  }

  totals(activeAlerts: number): FleetTotals {
    return {
      devices: this.devices,
      byState: { ...this.byState },
      hashRate: Math.max(0, this.hashRate),
      nominalHashRate: Math.max(0, this.nominalHashRate),
      powerW: Math.max(0, this.powerW),
      activeAlerts,
    };
  }
}
