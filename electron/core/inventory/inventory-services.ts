/**
 * The inventory capability as the shells use it — the CLI's `site`, `scan --save`, `import`, `export`,
 * `pools` and write commands and the app's channels call the same methods, so both behave the same. Each
 * method is one load or one atomic `store.update`, answering a Result (inventory-access.ts).
 *
 * Made of one small service per job, each usable alone: the sites (site-services.ts), a site's devices
 * (device-services.ts), exports and imports (exchange-services.ts), the activity log
 * (activity-services.ts) and pool presets (pool-preset-services.ts). The hand-over report is not one of
 * them: it reads the keychain and the devices too (report/report-service.ts).
 */
import type { ActivityServices } from './activity-services';
import { activityServices } from './activity-services';
import type { DeviceServices } from './device-services';
import { deviceServices } from './device-services';
import type { ExchangeOptions, ExchangeServices } from './exchange-services';
import { exchangeServices } from './exchange-services';
import { inventoryAccess } from './inventory-access';
import type { PoolPresetServices } from './pool-preset-services';
import { poolPresetServices } from './pool-preset-services';
import type { SiteServices } from './site-services';
import { siteServices } from './site-services';
import type { InventoryStore, InventoryStoreOptions } from './store';
import { createInventoryStore } from './store';

export type InventoryServicesOptions = InventoryStoreOptions & ExchangeOptions;

export type InventoryServices = { readonly store: InventoryStore } & SiteServices &
  DeviceServices &
  ExchangeServices &
  ActivityServices &
  PoolPresetServices;

export function createInventoryServices(options: InventoryServicesOptions): InventoryServices {
  const access = inventoryAccess(createInventoryStore(options), options.now ?? (() => new Date()));
  return {
    store: access.store,
    ...siteServices(access),
    ...deviceServices(access),
    ...exchangeServices(access, options),
    ...activityServices(access, options.laptop),
    ...poolPresetServices(access),
  };
}
