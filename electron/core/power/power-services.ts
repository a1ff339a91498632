/**
 * The power-profile part of the commissioning services: plan → apply → read back, for the app's
 * "Power…" and the CLI's `profile list` / `profile set` alike.
 *
 * 1. `planPower(targets, choice)`: per device the preset it will get (watts, expected hash rate) or why it
 *    is skipped, and the totals against the budget — nothing is sent;
 * 2. `setPower(targets, plan)`: one write per device the plan marked, each read back, one outcome per
 *    device with `restartRequired`, and one 'power-profile' entry in the site's activity log;
 * 3. `listPower(targets)`: each device's presets, the configured one, its PSU;
 * 4. `presetOffers(targets)`: the presets they offer together, for the window's chooser (preset-offers.ts).
 */
import type { ActivityEntry, WriteResult } from '../../../shared/domain/commission';
import type {
  DevicePowerListing,
  DevicePresetView,
  PowerPlan,
  PowerWriteResult,
} from '../../../shared/domain/power-plan';
import { choiceText, totalsText } from '../../../shared/format/power-text';
import type { Result } from '../../../shared/result';
import { message } from '../../../shared/i18n/message';
import { errWithText, ok } from '../../../shared/result';
import type { PresetOffers } from '../../../shared/domain/preset-offers';
import type { BulkProgress } from '../credentials/bulk';
import type { CredentialServices } from '../credentials/credential-services';
import type { SessionTarget } from '../credentials/session-target';
import type { DeviceClient } from '../device/client';
import type { InventoryServices } from '../inventory/inventory-services';
import { actionActivity, recordIn } from '../commission/action-bulk';
import { setPower } from './power-apply';
import type { PowerPlanOptions } from './power-plan';
import { planPower } from './power-plan';
import { listPower } from './power-read';
import { createPresetOfferReader } from './preset-offers';
import { createPresetWatch } from './preset-watch';

export interface SetPowerRequest {
  /** The plan the user saw (from `planPower`); only its `send` devices are written. */
  plan: PowerPlan;
  /** The site whose activity log records the request (no log when absent or no inventory). */
  siteId?: string;
  signal?: AbortSignal;
  concurrency?: number;
  onResult?: (result: PowerWriteResult | WriteResult, progress: BulkProgress) => void;
}

export interface SetPowerOutcome {
  results: (PowerWriteResult | WriteResult)[];
  /** The entry appended to the activity log; absent when nothing was recorded. */
  activity?: ActivityEntry;
  /** Why the activity could not be recorded (the writes themselves still happened). */
  activityError?: string;
}

export interface PowerServices {
  planPower(
    targets: readonly SessionTarget[],
    choice: PowerPlan['choice'],
    options?: PowerPlanOptions,
  ): Promise<Result<PowerPlan>>;
  setPower(targets: readonly SessionTarget[], request: SetPowerRequest): Promise<Result<SetPowerOutcome>>;
  listPower(
    targets: readonly SessionTarget[],
    options?: {
      signal?: AbortSignal;
      concurrency?: number;
      onResult?: (listing: DevicePowerListing) => void;
    },
  ): Promise<DevicePowerListing[]>;
  /**
   * The presets these devices offer, gathered per name (devices read in the last minute are not read
   * again unless `refresh`); `notInFleet` devices asked about are counted as not read.
   */
  presetOffers(
    targets: readonly SessionTarget[],
    options?: PowerPlanOptions & { refresh?: boolean; notInFleet?: number },
  ): Promise<PresetOffers>;
  /**
   * A preset this laptop configured and read back outside `setPower` (the standard's one settings write
   * of pools and preset): the fleet row shows it until the device runs it, as after `setPower`.
   */
  presetConfigured(deviceId: string, preset: string): void;
  /** The preset each device runs, for the fleet rows: read only when due (preset-watch.ts). */
  presetsOf(
    targets: readonly SessionTarget[],
    signal?: AbortSignal,
  ): Promise<Record<string, DevicePresetView>>;
}

export interface PowerServicesOptions {
  client: DeviceClient;
  credentials: Pick<CredentialServices, 'vault' | 'sessions'>;
  inventory?: Pick<InventoryServices, 'recordActivity'>;
  now: () => Date;
}

/** The activity entry's "what": the choice and the plan's totals, never longer than the log keeps. */
export const powerWhat = (plan: PowerPlan): string =>
  `${choiceText(plan.choice)}; plan: ${totalsText(plan.totals)}`.slice(0, 500);

export function createPowerServices(options: PowerServicesOptions): PowerServices {
  const { client, inventory, now } = options;
  const { vault, sessions } = options.credentials;
  const deps = { client, sessions, vault };
  const watch = createPresetWatch({ client, sessions });
  const offers = createPresetOfferReader(deps);

  return {
    planPower: (targets, choice, planOptions) => planPower(deps, targets, choice, planOptions),

    async setPower(targets, request) {
      const broken = request.plan.entries.find((e) => e.send && e.preset === undefined);
      if (broken !== undefined) {
        return errWithText(
          'INVALID_INPUT',
          `The plan has ${broken.address} to write without its preset: plan again.`,
          message('errors.power.entryWithoutPreset', { address: broken.address }),
        );
      }
      const at = now().toISOString();
      const results = await setPower(deps, targets, request.plan.entries, {
        ...(request.signal !== undefined ? { signal: request.signal } : {}),
        ...(request.concurrency !== undefined ? { concurrency: request.concurrency } : {}),
        ...(request.onResult !== undefined ? { onResult: request.onResult } : {}),
      });
      for (const r of results) {
        if (r.outcome === 'done' && 'readBack' in r && r.readBack !== undefined)
          watch.configured(r.deviceId, r.readBack);
      }
      offers.forget(results.map((r) => r.deviceId));
      if (inventory === undefined || request.siteId === undefined) return ok({ results });
      const entry = actionActivity(
        { siteId: request.siteId, at, action: 'power-profile', what: powerWhat(request.plan) },
        results,
      );
      return ok({ results, ...(await recordIn(inventory, entry)) });
    },

    listPower: (targets, listOptions) => listPower({ client, sessions }, targets, listOptions),
    presetOffers: (targets, offerOptions) => offers.offersOf(targets, offerOptions),
    presetConfigured: (deviceId, preset) => {
      watch.configured(deviceId, preset);
      offers.forget([deviceId]);
    },
    presetsOf: (targets, signal) => watch.presetsOf(targets, signal),
  };
}
