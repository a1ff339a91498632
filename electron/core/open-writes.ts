/**
 * The app's writes to devices, as open-services.ts builds them once per shell over the same client (its TLS
 * pins), sessions and inventory as the monitor: commissioning actions, firmware rollouts and the site
 * standard that runs them together with acceptance.
 */
import { poolTargets, unreachableReasons } from './channels/site-setup-targets';
import type { CommissionServices } from './commission/commission-services';
import { createCommissionServices } from './commission/commission-services';
import type { CredentialServices } from './credentials/credential-services';
import type { DeviceClient } from './device/client';
import type { EventHub } from './events/event-hub';
import type { AppFirmware } from './firmware/app-firmware';
import { createAppFirmware } from './firmware/app-firmware';
import type { PinOverlay } from './firmware/certificates';
import type { FirmwareServiceOptions } from './firmware/firmware-service';
import { createFirmwareService } from './firmware/firmware-service';
import type { FleetService } from './fleet/fleet-service';
import { inventoryAccess } from './inventory/inventory-access';
import type { InventoryServices } from './inventory/inventory-services';
import type { InventoryStore } from './inventory/store';
import type { CoreServices } from './services';
import type { SettingsStore } from './settings/settings-store';
import type { SystemGlue } from './shell/system-glue';
import type { StandardDesk } from './standard/standard-desk';
import { createStandardDesk } from './standard/standard-desk';
import type { ClockPolicy } from './clock/clock-policy';
import { acceptanceRunner, firmwareRunner } from './standard/standard-runners';
import { createStandardServices } from './standard/standard-services';

/**
 * Writes to devices through the same client (its TLS pins) and sessions as the monitor's unlocks; the
 * fleet's monitor hears of each reboot and restart, and LEDs turned on go off by themselves — those a
 * terminal command (or the last session) turned on too, when due, at their current address.
 */
export function openCommission(deps: {
  client: DeviceClient;
  credentials: CredentialServices;
  inventory: InventoryServices;
  fleet: FleetService;
}): CommissionServices {
  const { fleet } = deps;
  const commission = createCommissionServices({
    client: deps.client,
    credentials: deps.credentials,
    inventory: deps.inventory,
    actions: { disruptions: fleet, keepLedTimers: true },
  });
  commission.followLedLog((led) => ({
    deviceId: led.deviceId,
    address: fleet.entry(led.deviceId)?.address ?? led.address,
  }));
  return commission;
}

/**
 * Firmware rollouts through the same client (its pins, with the overlay a rollout trusts new certificates
 * in), sessions and inventory as every other write; the fleet's monitor shows updated devices "updating",
 * and a verified device's new version goes to the fleet (its row, the inventory). The image comes from the
 * shell's open dialog.
 */
export function openFirmware(
  options: {
    system: SystemGlue;
    firmwareTiming?: FirmwareServiceOptions['timing'];
    clockFor?: FirmwareServiceOptions['clockFor'];
  },
  deps: {
    client: DeviceClient;
    credentials: CredentialServices;
    inventory: InventoryServices;
    pins: PinOverlay;
    fleet: FleetService;
    hub: EventHub;
    settings: SettingsStore;
  },
): AppFirmware {
  const { fleet } = deps;
  const service = createFirmwareService({
    client: deps.client,
    credentials: deps.credentials,
    inventory: deps.inventory,
    pins: deps.pins,
    disruptions: fleet,
    ...(options.firmwareTiming !== undefined ? { timing: options.firmwareTiming } : {}),
    ...(options.clockFor !== undefined ? { clockFor: options.clockFor } : {}),
  });
  const chooseFile = options.system.chooseFile?.bind(options.system);
  return createAppFirmware({
    firmware: service,
    events: deps.hub,
    targets: (deviceIds) =>
      deviceIds.flatMap((deviceId) => {
        const entry = fleet.entry(deviceId);
        return entry === undefined ? [] : [{ deviceId, address: entry.address }];
      }),
    siteId: () => fleet.siteId(),
    chooseFile,
    versionSeen: (deviceId, version) => {
      const entry = fleet.entry(deviceId);
      if (entry !== undefined) {
        void fleet.seenAgain(deviceId, entry.addressText, { ...entry.identity, firmware: version });
      }
    },
    concurrency: () => deps.settings.current().credentials.concurrency,
  });
}

/**
 * The site standard over the fleet's devices (their worker facts, the monitor's word on who is offline),
 * with the same write services, firmware service and acceptance runs as the window's own dialogs.
 */
export function openStandard(
  deps: Pick<
    CoreServices,
    'credentials' | 'inventory' | 'fleet' | 'settings' | 'acceptance' | 'commission'
  > & { client: DeviceClient; hub: EventHub; clockFor?: ClockPolicy },
  store: InventoryStore,
  firmware: AppFirmware,
): StandardDesk {
  const { fleet } = deps;
  const standard = createStandardServices({
    access: inventoryAccess(store, () => new Date()),
    vault: deps.credentials.vault,
  });
  return createStandardDesk({
    services: { ...deps, events: deps.hub },
    ...(deps.clockFor !== undefined ? { clockFor: deps.clockFor } : {}),
    client: deps.client,
    standard,
    targets: async (deviceIds) =>
      poolTargets(
        fleet,
        deps.inventory,
        deviceIds ?? (await fleet.snapshot()).devices.map((d) => d.deviceId),
      ),
    offlineReason: () => unreachableReasons(fleet),
    chosenImagePath: () => firmware.chosenImagePath(),
    runners: (siteId) => ({
      firmware: firmwareRunner({
        service: firmware.service,
        siteId,
        concurrency: deps.settings.current().credentials.concurrency,
        onEvent: (event) => {
          if (event.kind !== 'device' || event.step !== 'verified' || event.to === undefined) return;
          const entry = fleet.entry(event.deviceId);
          if (entry !== undefined) {
            void fleet.seenAgain(event.deviceId, entry.addressText, {
              ...entry.identity,
              firmware: event.to,
            });
          }
        },
      }),
      acceptance: acceptanceRunner(deps.acceptance),
    }),
  });
}
