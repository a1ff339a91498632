/**
 * The types a rollout's parts share (rollout.ts runs the steps as rollout-pacer.ts paces them, with
 * rollout-hooks.ts; device-update.ts one device of a step; rollout-record.ts keeps what became of each):
 * below them all, so none imports another's module.
 */
import type {
  CertificateChange,
  FirmwareDeviceOutcome,
  FirmwareEvent,
  FirmwarePlan,
  FirmwarePlanDevice,
} from '../../../shared/domain/firmware';
import type { Clock } from '../clock/clock';
import type { SessionTarget } from '../credentials/session-target';
import type { Monitor } from '../monitor/monitor';
import type { FirmwareLog } from './activity-log';
import type { FactsDeps, PreflightDevice } from './device-facts';
import type { ImageHistory } from './history';
import type { FirmwareImageFile } from './image-file';
import type { SendDeps } from './send-image';
import type { BeforeUpdate } from './verdict';
import type { VerifyTiming } from './verify';

/** One device of the plan, with what the run needs beyond the plan's words. */
export interface RolloutDevice {
  target: SessionTarget;
  plan: FirmwarePlanDevice;
  /** Upload and verify roles: its version and whether it mined before the update. */
  before?: BeforeUpdate;
  /**
   * Verify role: when the earlier run's device goes (or went) down, its deadline, and whether it surely
   * rebooted already (then the old version now is the verdict).
   */
  resume?: { downAt: number; deadlineAt: number; alreadyRebooted: boolean };
}

export interface RolloutDeps {
  facts: FactsDeps;
  send: SendDeps;
  log: FirmwareLog;
  file: FirmwareImageFile;
  /** The run clock's time (field time on a scaled clock); `clock.now` where the service builds these. */
  now: () => number;
  /** The run's clock for its waits (verify's polls and deadline, upload timeouts); default the real one. */
  clock?: Clock;
  timing: VerifyTiming;
  /** The monitor of this process: a device that took the image shows "updating", never an offline alarm. */
  disruptions?: Pick<Monitor, 'expectDisruption'> | undefined;
  /** Asks the technician about changed certificates of updated devices; answers the device ids trusted. */
  trust: (changes: CertificateChange[]) => Promise<ReadonlySet<string>>;
}

export interface RolloutControl {
  signal: AbortSignal;
  /** "Stop after this batch" was asked: no step starts after the current one. */
  stopRequested: () => boolean;
  onEvent: (event: FirmwareEvent) => void;
}

/** What became of one device, as its outcome says it (without its id and address). */
export type Final = Omit<FirmwareDeviceOutcome, 'deviceId' | 'address'>;

/** A device's progress as the rollout tells it (the event without its kind, id and address). */
export type DeviceStep = Omit<Extract<FirmwareEvent, { kind: 'device' }>, 'kind' | 'deviceId' | 'address'>;

/** A plan ready to run: `plan` is what to show; the rest stays in this process. */
export interface PreparedRollout {
  readonly plan: FirmwarePlan;
  readonly siteId: string;
  readonly file: FirmwareImageFile;
  readonly targets: readonly SessionTarget[];
  readonly preflight: readonly PreflightDevice[];
  readonly history: ImageHistory;
}
