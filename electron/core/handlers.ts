/**
 * The contract's implementation, independent of any transport: Electron's ipcMain (electron/main/ipc)
 * and the browser test harness's WebSocket both carry the same object. Inputs arrive already validated
 * against the channel's schema by the transport; every handler answers a Result and keeps expected
 * failures as values, so nothing but a bug ever throws (the transport turns that into INTERNAL).
 */
import type { Handlers } from '../../shared/ipc/contract';
import { ok } from '../../shared/result';
import { acceptanceHandlers } from './channels/acceptance-channels';
import { appHandlers } from './channels/app-channels';
import { commissionHandlers } from './channels/commission-channels';
import { credentialHandlers } from './channels/credential-channels';
import { discoveryHandlers } from './channels/discovery-channels';
import { fileHandlers } from './channels/file-channels';
import { metricsHandlers } from './channels/metrics-channels';
import { monitorHandlers, settingsHandlers } from './channels/monitor-channels';
import { powerHandlers } from './channels/power-channels';
import { siteSetupHandlers } from './channels/site-setup-channels';
import { createInventoryHandlers } from './inventory/inventory-handlers';
import type { CoreServices } from './services';

/** The slice of the services the handlers use; tests pass only what a channel needs. */
export type HandlerServices = Pick<CoreServices, 'identity'> &
  Partial<
    Pick<
      CoreServices,
      | 'inventory'
      | 'credentials'
      | 'discovery'
      | 'fleet'
      | 'settings'
      | 'system'
      | 'commission'
      | 'events'
      | 'siteMetrics'
      | 'acceptance'
      | 'dataDir'
    >
  >;

export function createHandlers(services: HandlerServices): Handlers {
  return {
    'app:info': async () => ok({ ...services.identity, versions: { ...services.identity.versions } }),
    ...appHandlers(services),
    ...discoveryHandlers(services.discovery),
    ...credentialHandlers(services),
    ...monitorHandlers(services),
    ...settingsHandlers(services.settings),
    ...createInventoryHandlers(services.inventory),
    ...fileHandlers(services),
    ...commissionHandlers(services),
    ...siteSetupHandlers(services),
    ...metricsHandlers(services.siteMetrics),
    ...acceptanceHandlers(services.acceptance),
    ...powerHandlers(services),
  };
}
