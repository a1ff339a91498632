/**
 * The commissioning capability (writes to devices) as the app wires it once (open-services.ts) over the
 * credential services (sessions, vault) and the inventory (the site's activity log): password changes,
 * pools, power profiles, and the locate LED, restart and reboot. Each part is built on its own by a shell
 * that needs only it (a CLI command builds the one it runs). Each bulk write: a preview first, then one
 * write per device, one outcome per device, one activity-log entry per request.
 */
import type { CredentialServices } from '../credentials/credential-services';
import type { DeviceClient } from '../device/client';
import type { PowerServices } from '../power/power-services';
import { createPowerServices } from '../power/power-services';
import type { DeviceActionOptions, DeviceActionServices } from './device-action-services';
import { createDeviceActionServices } from './device-action-services';
import type { PasswordServices } from './password-services';
import { createPasswordServices } from './password-services';
import type { PoolServices } from './pool-services';
import { createPoolServices } from './pool-services';

export interface CommissionServices
  extends PasswordServices, PoolServices, DeviceActionServices, PowerServices {}

export interface CommissionServicesOptions {
  client: DeviceClient;
  credentials: Pick<CredentialServices, 'vault' | 'sessions'>;
  /** The activity log; with `store`, also read (LEDs left on, reboots by other processes). */
  inventory?: DeviceActionOptions['inventory'];
  now?: () => Date;
  /** Locate LED, restart and reboot: the monitor to tell, whether to keep LED timers, timings. */
  actions?: Pick<DeviceActionOptions, 'disruptions' | 'keepLedTimers' | 'timing'>;
}

export function createCommissionServices(options: CommissionServicesOptions): CommissionServices {
  const { client, credentials } = options;
  const now = options.now ?? (() => new Date());
  const inventory = options.inventory !== undefined ? { inventory: options.inventory } : {};
  const { vault, sessions } = credentials;

  return {
    ...createPoolServices({ client, credentials, ...inventory, now }),
    ...createPowerServices({ client, credentials, ...inventory, now }),
    ...createDeviceActionServices({ client, vault, sessions, now, ...inventory, ...options.actions }),
    ...createPasswordServices({ client, credentials, ...inventory, now }),
  };
}
