/**
 * What became of each device of a rollout so far, and the rollout's own state (the version the image
 * brings, once known; why it stops, once it does), with the one way progress is told: an event per step
 * of a device, its final one carrying its outcome.
 */
import type { FirmwareEvent } from '../../../shared/domain/firmware';
import type { MessageRef } from '../../../shared/i18n/message';
import { message } from '../../../shared/i18n/message';
import type { LoggedDevice } from './activity-log';
import type { DeviceStep, Final, RolloutDevice } from './rollout-types';

export class RolloutRecord {
  readonly finals = new Map<string, Final>();
  /** Devices that took the image in this run (or may have): a bug of ours afterwards leaves them `unknown`. */
  readonly took = new Set<string>();
  /** Why no further step starts, once something decided it. */
  stopped: string | undefined;
  /** The same as a key and values (issue 35), when the stop's words were made here. */
  stoppedText: MessageRef | undefined;

  constructor(
    private readonly onEvent: (event: FirmwareEvent) => void,
    /** The version the image brings: `--expect-version`, an earlier run's, or the canary's once back. */
    public version: string | undefined,
  ) {}

  tell(device: RolloutDevice, event: DeviceStep): void {
    this.onEvent({ kind: 'device', deviceId: device.plan.deviceId, address: device.plan.address, ...event });
  }

  /** The device's outcome, told as its last step. */
  finish(device: RolloutDevice, final: Final): void {
    this.finals.set(device.plan.deviceId, final);
    this.tell(device, {
      step: final.outcome,
      words: final.words,
      ...(final.text !== undefined ? { text: final.text } : {}),
      uploaded: final.uploaded,
      ...(final.from !== undefined ? { from: final.from } : {}),
      ...(final.to !== undefined ? { to: final.to } : {}),
      ...(final.certificate !== undefined ? { certificate: final.certificate } : {}),
    });
  }
}

/** Why a device was not started, as a key and values: cancelled, or the stop's reason. */
export function notStartedText(record: RolloutRecord, cancelled: boolean): MessageRef {
  const reason = cancelled
    ? message('outcomes.firmware.cancelled')
    : (record.stoppedText ?? record.stopped ?? message('outcomes.firmware.stopped'));
  return message('outcomes.firmware.notStarted', { reason });
}

/** The device as the activity log names it: id, address, the version before and after. */
export const logged = (device: RolloutDevice, to?: string): LoggedDevice => ({
  deviceId: device.plan.deviceId,
  address: device.plan.address,
  ...(device.before !== undefined ? { from: device.before.version } : {}),
  ...(to !== undefined ? { to } : {}),
});
