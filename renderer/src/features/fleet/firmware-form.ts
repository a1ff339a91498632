/**
 * The form of "Firmware…" as typed (the image aside): its fields, their defaults, and the choices they
 * describe for `firmware:plan` — or every problem with them, in the reader's words.
 */
import type { MessageId } from '../../../../shared/i18n/catalogs';
import { numberText } from '../../../../shared/i18n/formats';
import { englishTranslator } from '../../../../shared/i18n/translate';
import type { Translator } from '../../../../shared/i18n/translate';
import type { FirmwareChoices } from '../../../../shared/ipc/channels/firmware';
import { FIRMWARE_VERSION } from './firmware-image-choice';

/** What the form holds, as typed. */
export interface FirmwareForm {
  expectVersion: string;
  canary: string;
  batch: string;
  /** Each next batch this many times the one before (1: all alike). */
  growth: string;
  /** Empty: 250 (or the first batch when larger). */
  maxBatch: string;
  /** Empty: the two batches the turn rule allows (electron/core/firmware/settings.ts). */
  maxOffline: string;
  /** Percent of a later batch that may fail and the rollout go on; empty: 2. */
  tolerate: string;
  deadline: string;
  keepSettings: boolean;
  retryFailed: boolean;
  /** Batches wait for no batch's verdicts, only the canary's (`--trust canary`). */
  trustCanary: boolean;
}

export const DEFAULT_FORM: FirmwareForm = {
  expectVersion: '',
  canary: '1',
  batch: '10',
  growth: '4',
  maxBatch: '',
  maxOffline: '',
  tolerate: '',
  deadline: '15',
  keepSettings: true,
  retryFailed: false,
  trustCanary: false,
};

/** The choices the form describes, or what is wrong with it, in words (the translator's; English by default). */
export function choicesOf(
  form: FirmwareForm,
  tr: Translator = englishTranslator(),
): { choices?: FirmwareChoices; problems: string[] } {
  const problems: string[] = [];
  const whole = (text: string, what: MessageId, max: number): number | undefined => {
    const value = text.trim();
    if (value === '') return undefined;
    const n = /^\d+$/.test(value) ? Number(value) : NaN;
    if (!(n >= 1 && n <= max)) {
      problems.push(tr.t(what, { max: numberText(tr, max) }));
      return undefined;
    }
    return n;
  };
  const canary = whole(form.canary, 'fleet-actions.firmware.problem.canary', 10_000);
  const batch = whole(form.batch, 'fleet-actions.firmware.problem.batch', 10_000);
  const maxBatch = whole(form.maxBatch, 'fleet-actions.firmware.problem.maxBatch', 10_000);
  const maxOffline = whole(form.maxOffline, 'fleet-actions.firmware.problem.maxOffline', 10_000);
  const growthText = form.growth.trim();
  const growth = growthText === '' ? undefined : /^\d+(\.\d+)?$/.test(growthText) ? Number(growthText) : NaN;
  if (growth !== undefined && !(growth >= 1 && growth <= 100)) {
    problems.push(tr.t('fleet-actions.firmware.problem.growth'));
  }
  if (batch !== undefined && maxBatch !== undefined && maxBatch < batch) {
    problems.push(tr.t('fleet-actions.firmware.problem.batchOrder'));
  }
  const tolerateText = form.tolerate.trim();
  const tolerate =
    tolerateText === '' ? undefined : /^\d+(\.\d+)?$/.test(tolerateText) ? Number(tolerateText) : NaN;
  if (tolerate !== undefined && !(tolerate >= 0 && tolerate <= 50)) {
    problems.push(tr.t('fleet-actions.firmware.problem.tolerate'));
  }
  const deadline = whole(form.deadline, 'fleet-actions.firmware.problem.deadline', 1440);
  const version = form.expectVersion.trim();
  if (version !== '' && !FIRMWARE_VERSION.test(version)) {
    problems.push(tr.t('fleet-actions.firmware.problem.version'));
  }
  if (problems.length > 0) return { problems };
  return {
    problems,
    choices: {
      keepSettings: form.keepSettings,
      ...(version !== '' ? { expectVersion: version } : {}),
      ...(canary !== undefined ? { canary } : {}),
      ...(batch !== undefined ? { batch } : {}),
      ...(growth !== undefined ? { growth } : {}),
      ...(maxBatch !== undefined ? { maxBatch } : {}),
      ...(maxOffline !== undefined ? { maxOffline } : {}),
      ...(tolerate !== undefined ? { tolerate } : {}),
      ...(deadline !== undefined ? { deadlineMinutes: deadline } : {}),
      ...(form.retryFailed ? { retryFailed: true } : {}),
      ...(form.trustCanary ? { trust: 'canary' as const } : {}),
    },
  };
}
