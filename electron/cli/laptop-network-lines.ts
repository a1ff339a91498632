/**
 * How `minerdeck monitor` says the laptop left the site network (monitor/laptop-network.ts): one line when
 * it starts and one when it ends, instead of an offline line and alarm per device — `--json` as an object
 * of its own (`"laptopNetwork": "off" | "on"`, no `deviceId`), people in words, and the live table as a
 * line under the totals while it lasts.
 */
import type { FleetTotals } from '../../shared/domain/monitor';
import {
  backOnNetworkWords,
  OFF_NETWORK_CONSEQUENCE,
  offNetworkWords,
} from '../../shared/format/laptop-network-text';

const clock = (ms: number): string => new Date(ms).toTimeString().slice(0, 8);
const iso = (ms: number): string => new Date(ms).toISOString();

/** "this laptop is not on the site network (since 22:42): devices are not checked …", or undefined. */
export function offNetworkLine(totals: FleetTotals): string | undefined {
  const since = totals.laptopOffNetworkSince;
  return since === undefined ? undefined : `${offNetworkWords(since)}: ${OFF_NETWORK_CONSEQUENCE}`;
}

/** Remembers what was said, so each start and end of the condition is said once. */
export class LaptopNetworkLines {
  private offSince: number | undefined;

  /** The line for the totals of a diff made at `at`, or undefined when the condition did not change. */
  next(totals: FleetTotals, at: number, json: boolean): string | undefined {
    const since = totals.laptopOffNetworkSince;
    if (since === this.offSince) return undefined;
    const was = this.offSince;
    this.offSince = since;
    if (since !== undefined) {
      const message = offNetworkWords(since);
      return json
        ? JSON.stringify({ laptopNetwork: 'off', since: iso(since), message })
        : `${clock(at)} ${offNetworkLine(totals) ?? message}`;
    }
    if (was === undefined) return undefined;
    const message = backOnNetworkWords(was, at);
    return json
      ? JSON.stringify({ laptopNetwork: 'on', since: iso(was), at: iso(at), message })
      : `${clock(at)} ${message}`;
  }
}
