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
import { credentialsHandlers } from './channels/credentials-channels';
import { discoveryHandlers } from './channels/discovery-channels';
import { filesHandlers } from './channels/files-channels';
import { firmwareHandlers } from './channels/firmware-channels';
import { inventoryHandlers } from './channels/inventory-channels';
import { layoutHandlers } from './channels/layout-channels';
import { metricsHandlers } from './channels/metrics-channels';
import { monitorHandlers } from './channels/monitor-channels';
import { powerHandlers } from './channels/power-channels';
import { settingsHandlers } from './channels/settings-channels';
import { siteSetupHandlers } from './channels/site-setup-channels';
import { standardHandlers } from './channels/standard-channels';
import type { CoreServices } from './services';

/**
 * One handler map per contract file: `shared/ipc/channels/<name>.ts` is implemented by
 * `channels/<name>-channels.ts`, each given the services it uses (all of them always there: services.ts).
 */
export function createHandlers(services: Omit<CoreServices, 'dispose'>): Handlers {
  return {
    'app:info': async () => ok({ ...services.identity, versions: { ...services.identity.versions } }),
    ...appHandlers(services),
    ...discoveryHandlers(services.discovery),
    ...credentialsHandlers(services),
    ...monitorHandlers(services),
    ...settingsHandlers(services.settings),
    ...inventoryHandlers(services),
    ...filesHandlers(services),
    ...commissionHandlers(services),
    ...siteSetupHandlers(services),
    ...metricsHandlers(services.siteMetrics),
    ...acceptanceHandlers(services.acceptance),
    ...powerHandlers(services),
    ...firmwareHandlers(services.firmware),
    ...standardHandlers(services.standard),
    ...layoutHandlers(services.layout),
  };
}
