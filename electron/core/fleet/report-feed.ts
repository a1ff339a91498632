/**
 * Where the app's report gets each device's live state: from the running monitor (the states, reasons
 * and alerts the technician has been watching, cleared alerts included), and for devices the monitor does
 * not watch — another site's report, or monitoring paused — from one poll of each (report/live-check.ts),
 * exactly as `minerdeck report` does.
 */
import type { CommissioningSnapshot } from '../../../shared/domain/report';
import type { SessionManager } from '../credentials/session-manager';
import type { DeviceClient } from '../device/client';
import type { MonitorTarget } from '../monitor/monitor';
import { checkDevices } from '../report/live-check';
import type { FleetService } from './fleet-service';

export interface ReportFeedDeps {
  fleet: Pick<FleetService, 'commissioningSnapshot'>;
  client: DeviceClient;
  sessions: SessionManager;
}

export function reportLiveCheck(
  deps: ReportFeedDeps,
): (targets: MonitorTarget[], signal?: AbortSignal) => Promise<CommissioningSnapshot> {
  return async (targets, signal) => {
    const watched = deps.fleet.commissioningSnapshot();
    const known = new Set(watched?.devices.map((device) => device.deviceId));
    const rest = targets.filter((target) => !known.has(target.deviceId));
    if (watched !== undefined && rest.length === 0) return watched;
    const checked = await checkDevices(rest, {
      client: deps.client,
      sessions: deps.sessions,
      ...(signal !== undefined ? { signal } : {}),
    });
    return { at: checked.at, devices: [...(watched?.devices ?? []), ...checked.devices] };
  };
}
