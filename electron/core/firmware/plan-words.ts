/**
 * The firmware plan's line for each device, in English (the CLI's plan, `--json`'s `detail`) and as a
 * message for the window's language (issue 35): what will happen to it, or why it is skipped. One choice
 * of words for both; times stay as the activity log writes them (`whenWords`).
 */
import { message } from '../../../shared/i18n/message';
import type { MessageRef } from '../../../shared/i18n/message';

export interface PlanWords {
  readonly detail: string;
  /** Absent where the words come from elsewhere (a credential's English reason). */
  readonly detailText?: MessageRef;
}

const said = (detail: string, detailText: MessageRef): PlanWords => ({ detail, detailText });

export const earlierRunWords = {
  taken: (at: string, silentNow: boolean): PlanWords =>
    silentNow
      ? said(
          `an earlier run's upload was taken at ${at} and it does not answer now: waiting for it to come back, then verifying (not uploaded again)`,
          message('fleet-actions.firmwarePlan.takenSilent', { at }),
        )
      : said(
          `an earlier run's upload was taken at ${at}: verifying it (not uploaded again)`,
          message('fleet-actions.firmwarePlan.taken', { at }),
        ),
  uploading: (at: string): PlanWords =>
    said(
      `an earlier run was uploading to it at ${at} and it does not answer now (rebooting?): waiting for it, then verifying (not uploaded again)`,
      message('fleet-actions.firmwarePlan.uploadingSilent', { at }),
    ),
  versionChanged: (from: string, now: string, at: string): PlanWords =>
    said(
      `its version changed (${from} → ${now}) since an earlier run uploaded to it at ${at}: verifying it (not uploaded again)`,
      message('fleet-actions.firmwarePlan.versionChanged', { from, now, at }),
    ),
  shuttingDown: (at: string): PlanWords =>
    said(
      `an earlier run uploaded to it at ${at} and it is shutting down: verifying it after its reboot (not uploaded again)`,
      message('fleet-actions.firmwarePlan.shuttingDown', { at }),
    ),
  certificate: (at: string, before: string, after: string): PlanWords =>
    said(
      `its certificate changed after an earlier run's upload at ${at} (trusted ${before}, now ${after}): trusting the new one is asked, then it is verified (not uploaded again)`,
      message('fleet-actions.firmwarePlan.certificateAfterRun', { at, before, after }),
    ),
};

export const skipWords = {
  certificate: (before: string, after: string): PlanWords =>
    said(
      `its certificate changed (trusted ${before}, now ${after}), and not by an update of this image from this laptop: check the device, then "minerdeck trust"`,
      message('fleet-actions.firmwarePlan.certificateChanged', { before, after }),
    ),
  offline: (reason: string): PlanWords =>
    said(`offline: ${reason}`, message('fleet-actions.planDetail.offline', { reason })),
  modelUnknown: said(
    'its model is unknown (/info names none): the image may not be for it',
    message('fleet-actions.firmwarePlan.modelUnknown'),
  ),
  otherModel: (model: string, target: string): PlanWords =>
    said(
      `model ${model}, not ${target}: the image is for one model`,
      message('fleet-actions.firmwarePlan.otherModel', { model, target }),
    ),
  noVersion: said(
    'it reports no firmware version: an update could not be verified',
    message('fleet-actions.firmwarePlan.noVersion'),
  ),
  updated: (at: string, from: string, to: string): PlanWords =>
    said(
      `already updated with this image at ${at} (${from} → ${to})`,
      message('fleet-actions.firmwarePlan.updated', { at, from, to }),
    ),
  failedBefore: (at: string, why: string): PlanWords =>
    said(
      `this image failed on it in an earlier run (${at}: ${why}); not tried again (--retry-failed tries once more)`,
      message('fleet-actions.firmwarePlan.failedBefore', { at, why }),
    ),
  alreadyOn: (version: string): PlanWords =>
    said(`already on ${version}`, message('fleet-actions.firmwarePlan.alreadyOn', { version })),
  alreadyOnBrought: (version: string, on: string | undefined): PlanWords =>
    on === undefined
      ? said(
          `already on ${version}, the version this image brought in an earlier run`,
          message('fleet-actions.firmwarePlan.alreadyOnBrought', { version }),
        )
      : said(
          `already on ${version}, the version this image brought in an earlier run (on ${on})`,
          message('fleet-actions.firmwarePlan.alreadyOnBroughtOn', { version, on }),
        ),
  statusUnread: (problem: string): PlanWords =>
    said(
      `its status could not be read (${problem}): an update could not be verified`,
      message('fleet-actions.firmwarePlan.statusUnread', { problem }),
    ),
  noModelChosen: said(
    'nothing is sent until one model is chosen',
    message('fleet-actions.firmwarePlan.noModelChosen'),
  ),
};

/** An upload: "upload, reboot, verify (now 1.2.3)", after an unfinished earlier upload when there was one. */
export function uploadWords(version: string, unfinishedAt: string | undefined): PlanWords {
  return unfinishedAt === undefined
    ? said(
        `upload, reboot, verify (now ${version})`,
        message('fleet-actions.firmwarePlan.upload', { version }),
      )
    : said(
        `an earlier run's upload at ${unfinishedAt} did not finish (nothing was taken); upload, reboot, verify (now ${version})`,
        message('fleet-actions.firmwarePlan.uploadAgain', { version, at: unfinishedAt }),
      );
}

/** The upload's line with its step: "canary: …", "batch 2 of 5: …". */
export function inStepWords(
  upload: PlanWords,
  step: { canary: true } | { batch: number; of: number },
): PlanWords {
  const detail = upload.detailText ?? upload.detail;
  return 'canary' in step
    ? said(`canary: ${upload.detail}`, message('fleet-actions.firmwarePlan.canary', { detail }))
    : said(
        `batch ${step.batch} of ${step.of}: ${upload.detail}`,
        message('fleet-actions.firmwarePlan.batch', { batch: step.batch, of: step.of, detail }),
      );
}
