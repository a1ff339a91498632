/** The `monitor:*` channels over the fleet service (see shared/ipc/channels/monitor.ts). */
import { notInFleet } from './plain-message';
import { message } from '../../../shared/i18n/message';
import type { Handlers } from '../../../shared/ipc/contract';
import { errWithText, ok } from '../../../shared/result';
import type { FleetService } from '../fleet/fleet-service';
import { rescanDevices } from '../fleet/rescan';
import type { SettingsStore } from '../settings/settings-store';
import type { SystemGlue } from '../shell/system-glue';

type MonitorHandlers = Pick<
  Handlers,
  | 'monitor:add'
  | 'monitor:remove'
  | 'monitor:snapshot'
  | 'monitor:device'
  | 'monitor:start'
  | 'monitor:stop'
  | 'monitor:rescan'
  | 'monitor:open-web-page'
>;

export interface MonitorChannelServices {
  fleet: FleetService;
  settings: SettingsStore;
  system: SystemGlue;
}

export function monitorHandlers(s: MonitorChannelServices): MonitorHandlers {
  const { fleet } = s;
  return {
    'monitor:add': async ({ devices }) => fleet.add(devices),
    'monitor:remove': async ({ deviceIds }) => {
      const removed = await fleet.remove(deviceIds);
      return removed.ok ? ok({ removed: removed.value }) : removed;
    },
    'monitor:snapshot': async () => ok(await fleet.snapshot()),
    'monitor:device': async ({ deviceId }) => fleet.detail(deviceId),
    'monitor:start': async () => {
      fleet.start();
      return ok({ running: true });
    },
    'monitor:stop': async () => {
      await fleet.stop();
      return ok({ running: fleet.running });
    },
    'monitor:rescan': async ({ deviceIds }) => {
      const entries = deviceIds.flatMap((id) => fleet.entry(id) ?? []);
      if (entries.length === 0)
        return errWithText(
          'NOT_FOUND',
          'None of these devices is in the fleet any more.',
          message('errors.fleet.noneLeft'),
        );
      const outcomes = await rescanDevices(entries, {
        settings: s.settings.current().discovery,
        onSeen: (entry, host) =>
          fleet.seenAgain(
            entry.deviceId,
            entry.addressText,
            host.identity === null ? undefined : { ...host.identity, mac: entry.identity.mac },
          ),
      });
      return ok({ outcomes });
    },
    'monitor:open-web-page': async ({ deviceId }) => {
      const entry = fleet.entry(deviceId);
      if (entry === undefined) return notInFleet();
      const url = `${entry.addressText}/`;
      const opened = await s.system.openExternal(url);
      return opened.ok ? ok({ url }) : opened;
    },
  };
}
