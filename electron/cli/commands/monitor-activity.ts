/**
 * What `minerdeck monitor` learns from the activity log in the inventory, written by other commands
 *: a reboot or mining restart made by `minerdeck reboot` in another terminal shows as
 * `rebooting` / `restarting`, not as an offline alarm; locate LEDs `minerdeck locate` left on are turned
 * off when their time is up (that command cannot wait; this one runs long). The inventory and the
 * commissioning services load only when first needed: the monitor of a healthy fleet never pays for them.
 */
import type { DeviceActionServices } from '../../core/commission/device-action-services';
import type { ActivityLookup } from '../../core/commission/activity-lookup';
import type { MonitorOptions, MonitorTarget } from '../../core/monitor/monitor';
import type { Output } from '../output';
import type { CliContext } from './context';
import type { CliCredentials } from './credentials-context';

export interface MonitorActivity {
  lookupDisruption: NonNullable<MonitorOptions['lookupDisruption']>;
  /** Turns off, each when due, the LEDs of these devices the log says are on (read now and every 30 s). */
  followLedLog(targets: readonly MonitorTarget[]): Promise<void>;
  close(): void;
}

export function monitorActivity(
  ctx: CliContext,
  output: Output,
  credentials: CliCredentials,
): MonitorActivity {
  let opened: Promise<{ log: ActivityLookup; commission: DeviceActionServices }> | undefined;
  let closed = false;
  const open = () =>
    (opened ??= (async () => {
      const [{ openCliInventory }, { createActivityLookup }, { createDeviceActionServices }] =
        await Promise.all([
          import('./inventory-context'),
          import('../../core/commission/activity-lookup'),
          import('../../core/commission/device-action-services'),
        ]);
      const inventory = openCliInventory(ctx);
      const commission = createDeviceActionServices({
        client: credentials.client,
        vault: credentials.services.vault,
        sessions: credentials.services.sessions,
        inventory,
        now: () => new Date(),
        keepLedTimers: true,
      });
      if (closed) commission.dispose();
      return { log: createActivityLookup({ store: inventory.store }), commission };
    })());

  return {
    lookupDisruption: async (target) => (await open()).log.disruptionFor(target),
    async followLedLog(targets) {
      const byId = new Map(targets.map((t) => [t.deviceId, t]));
      const { commission } = await open();
      if (closed) return;
      const pick = (led: { deviceId: string }) => {
        const target = byId.get(led.deviceId);
        return target === undefined ? undefined : { deviceId: target.deviceId, address: target.address };
      };
      commission.followLedLog(pick, {
        onFound: (found) =>
          output.err(
            `minerdeck: ${found} locate LED${found === 1 ? '' : 's'} turned on by "minerdeck locate" ${found === 1 ? 'goes' : 'go'} off when ${found === 1 ? 'its' : 'their'} time is up (see the site's activity log).`,
          ),
      });
    },
    close() {
      closed = true;
      void opened?.then(({ commission }) => commission.dispose()).catch(() => undefined);
    },
  };
}
