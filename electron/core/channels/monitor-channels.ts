/** The `monitor:*` channels over the fleet service, and the `settings:*` channels over the settings store. */
import type { Handlers } from '../../../shared/ipc/contract';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import type { FleetService } from '../fleet/fleet-service';
import { rescanDevices } from '../fleet/rescan';
import type { SettingsStore } from '../settings/settings-store';
import type { SystemGlue } from '../shell/system-glue';
import { withService } from './service-guard';

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
  fleet?: FleetService;
  settings?: SettingsStore;
  system?: SystemGlue;
}

export function monitorHandlers(s: MonitorChannelServices): MonitorHandlers {
  const use = <T>(run: (fleet: FleetService) => Promise<Result<T>>): Promise<Result<T>> =>
    withService(s.fleet, 'Monitoring', run);
  return {
    'monitor:add': ({ devices }) => use((fleet) => fleet.add(devices)),
    'monitor:remove': ({ deviceIds }) =>
      use(async (fleet) => {
        const removed = await fleet.remove(deviceIds);
        return removed.ok ? ok({ removed: removed.value }) : removed;
      }),
    'monitor:snapshot': () => use(async (fleet) => ok(await fleet.snapshot())),
    'monitor:device': ({ deviceId }) => use((fleet) => fleet.detail(deviceId)),
    'monitor:start': () =>
      use(async (fleet) => {
        fleet.start();
        return ok({ running: true });
      }),
    'monitor:stop': () =>
      use(async (fleet) => {
        await fleet.stop();
        return ok({ running: fleet.running });
      }),
    'monitor:rescan': ({ deviceIds }) =>
      use(async (fleet) => {
        const entries = deviceIds.flatMap((id) => fleet.entry(id) ?? []);
        if (entries.length === 0) return err('NOT_FOUND', 'None of these devices is in the fleet any more.');
        const settings = s.settings?.current().discovery;
        if (settings === undefined) return err('INTERNAL', 'Settings are not available in this session.');
        const outcomes = await rescanDevices(entries, {
          settings,
          onSeen: (entry, host) =>
            fleet.seenAgain(
              entry.deviceId,
              entry.addressText,
              host.identity === null ? undefined : { ...host.identity, mac: entry.identity.mac },
            ),
        });
        return ok({ outcomes });
      }),
    'monitor:open-web-page': ({ deviceId }) =>
      use(async (fleet) => {
        const entry = fleet.entry(deviceId);
        if (entry === undefined) return err('NOT_FOUND', 'This device is no longer in the fleet.');
        if (s.system === undefined) return err('INTERNAL', 'Opening web pages is not available here.');
        const url = `${entry.addressText}/`;
        const opened = await s.system.openExternal(url);
        return opened.ok ? ok({ url }) : opened;
      }),
  };
}

type SettingsHandlers = Pick<Handlers, 'settings:get' | 'settings:update'>;

export function settingsHandlers(settings: SettingsStore | undefined): SettingsHandlers {
  return {
    'settings:get': () => withService(settings, 'Settings', async (store) => ok(store.current())),
    'settings:update': (patch) => withService(settings, 'Settings', (store) => store.update(patch)),
  };
}
