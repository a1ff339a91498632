/**
 * What a Commission run (commission-run.ts) is given: the services each step goes through and the plan's
 * entries to carry out. A module of its own so the run and its steps share it without a cycle.
 */
import type { WriteResult } from '../../../shared/domain/commission';
import type {
  CommissionDevice,
  CommissionPlanEntry,
  CommissionStepKind,
  SiteStandard,
} from '../../../shared/domain/standard';
import type { Clock } from '../clock/clock';
import type { ActionDeps } from '../commission/action-write';
import type { CommissionServices } from '../commission/commission-services';
import type { MessageRef } from '../../../shared/i18n/message';
import type { PoolTarget } from '../commission/pool-plan';
import type { InventoryServices } from '../inventory/inventory-services';

/**
 * Runs acceptance over devices (one group of a Commission run: several groups run at once, their windows
 * overlapping); answers per device id whether it passed and, if not, why.
 */
export type AcceptanceRunner = (
  targets: readonly PoolTarget[],
  criteria: NonNullable<SiteStandard['acceptance']>,
  signal: AbortSignal | undefined,
) => Promise<Map<string, AcceptanceAnswer>>;

/** One device's answer of an acceptance runner; `text` its words as a key and values (issue 35). */
export interface AcceptanceAnswer {
  pass: boolean;
  pending?: boolean;
  message: string;
  text?: MessageRef;
}

/**
 * Runs the standard's firmware over devices (staged); answers per device id its outcome at the end, and
 * tells each device's outcome the moment the rollout concludes it (`onDevice`), so the device can go on
 * to its next step while the rollout still updates others.
 */
export type FirmwareRunner = (
  targets: readonly PoolTarget[],
  firmware: NonNullable<SiteStandard['firmware']>,
  signal: AbortSignal | undefined,
  onDevice?: (result: WriteResult) => void,
) => Promise<Map<string, WriteResult>>;

export interface CommissionRunDeps extends ActionDeps {
  commission: Pick<
    CommissionServices,
    | 'planPasswordChange'
    | 'changePasswords'
    | 'planPools'
    | 'setPools'
    | 'planPower'
    | 'setPower'
    | 'planDeviceAction'
    | 'restartMining'
    | 'presetConfigured'
  >;
  inventory?: Pick<InventoryServices, 'recordActivity'>;
  acceptance?: AcceptanceRunner;
  firmware?: FirmwareRunner;
  now: () => Date;
  /** The clock of the steps' start and end times (default the real one). */
  clock?: Pick<Clock, 'now'>;
}

export interface CommissionRunInput {
  siteId: string;
  standard: SiteStandard;
  /** The plan's entries to carry out (a device with no step is `unchanged`, a skipped one `skipped`). */
  entries: readonly CommissionPlanEntry[];
  targets: readonly PoolTarget[];
  /** The preset each device gets under the standard's power rule (from the plan's facts). */
  presets: ReadonlyMap<string, string>;
  sitePassword: string | undefined;
  signal?: AbortSignal;
  concurrency?: number;
  /** A device changed (a step started or ended): `phase` is that step. */
  onDevice?: (device: CommissionDevice, phase: CommissionStepKind) => void;
}
