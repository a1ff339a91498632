/**
 * The firmware channels (shared/ipc/channels/firmware.ts) over the app's firmware desk
 * (firmware/app-firmware.ts): the image from main's file dialog, the plan over the selected fleet devices,
 * the rollout of exactly that plan, "stop after this batch", cancel, the run going on, and the answer about
 * certificates that changed after the update.
 */
import type { firmwareChannels } from '../../../shared/ipc/channels/firmware';
import type { HandlersOf } from '../../../shared/ipc/contract';
import { ok } from '../../../shared/result';
import type { AppFirmware } from '../firmware/app-firmware';
import { guarded } from './plain-message';

type FirmwareHandlers = HandlersOf<typeof firmwareChannels>;

export function firmwareHandlers(firmware: AppFirmware): FirmwareHandlers {
  return {
    'firmware:choose-image': () => guarded(() => firmware.chooseImage()),
    'firmware:plan': ({ deviceIds, choices }) => guarded(() => firmware.plan(deviceIds, choices)),
    'firmware:start': async ({ planId }) => firmware.start(planId),
    'firmware:stop-after-batch': async () => ok({ stopping: firmware.stopAfterThisBatch() }),
    'firmware:cancel': async () => ok({ cancelled: firmware.cancel() }),
    'firmware:run': async () => ok(firmware.current()),
    'firmware:trust-certificates': ({ trust }) => guarded(() => firmware.answerCertificates(trust)),
  };
}
