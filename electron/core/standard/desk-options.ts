/**
 * What the standard desk (standard-desk.ts) is built from, and the context its rooms (desk-facts.ts,
 * desk-plan.ts, desk-run.ts) share: the app's services, the device client, the site's standard and the
 * clock. A module of its own so the rooms and the desk import it without a cycle.
 */
import type { Clock } from '../clock/clock';
import type { ClockPolicy } from '../clock/clock-policy';
import type { PoolTarget } from '../commission/pool-plan';
import type { SessionTarget } from '../credentials/session-target';
import type { AcceptanceService } from '../acceptance/acceptance-service';
import type { CommissionServices } from '../commission/commission-services';
import type { CredentialServices } from '../credentials/credential-services';
import type { EventHub } from '../events/event-hub';
import type { FleetService } from '../fleet/fleet-service';
import type { InventoryServices } from '../inventory/inventory-services';
import type { SettingsStore } from '../settings/settings-store';
import type { DeviceClient } from '../device/client';
import type { AcceptanceRunner, FirmwareRunner } from './commission-run';
import type { StandardServices } from './standard-services';

export interface StandardDeskOptions {
  /** The app's services this desk works through (named here, not picked from CoreServices, which holds the desk). */
  services: {
    commission: CommissionServices;
    credentials: CredentialServices;
    fleet: FleetService;
    inventory: InventoryServices;
    events: EventHub;
    settings: SettingsStore;
    acceptance: AcceptanceService;
  };
  client: DeviceClient;
  standard: StandardServices;
  /** The fleet devices among these ids with their worker facts (all of the site's when absent). */
  targets: (deviceIds: readonly string[] | undefined) => Promise<PoolTarget[]>;
  /** Why the monitor says a device cannot be reached now. */
  offlineReason: () => Promise<(target: SessionTarget) => string | undefined>;
  /** The standard's firmware and acceptance steps for a run in this site. */
  runners?: (siteId: string) => { firmware?: FirmwareRunner; acceptance?: AcceptanceRunner };
  /** The image path last chosen through `firmware:choose-image` (`firmware: {image: 'chosen'}`). */
  chosenImagePath?: () => string | undefined;
  now?: () => Date;
  /** The clock a running Commission re-tells its time left on (default: the real one). */
  clock?: Clock;
  /** The clock of a run from its devices' addresses (clock-policy.ts); over `clock` when given. */
  clockFor?: ClockPolicy;
}

/** The options with their defaults filled in, as every room of the desk reads them. */
export interface DeskContext {
  options: StandardDeskOptions;
  now: () => Date;
  /** The bulk concurrency the settings ask for now (undefined: the bulk default). */
  concurrency: () => number | undefined;
}

export function deskContext(options: StandardDeskOptions): DeskContext {
  return {
    options,
    now: options.now ?? (() => new Date()),
    concurrency: () => options.services.settings.current().credentials.concurrency,
  };
}
