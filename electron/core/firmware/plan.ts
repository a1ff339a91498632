/**
 * The rollout plan, from what the preflight read (nothing was sent) and what earlier runs of the same
 * image recorded: per device, whether it is uploaded to (canary or which batch), verified only (an earlier
 * run left it mid-update), or skipped and why; the versions now by model; the steps in order.
 *
 * Rules, in the order they decide:
 * 1. A firmware image is built for one model and Minerdeck cannot read the image: targets reporting more
 *    than one model are refused unless `--model` picks one (the others are skipped, named).
 * 2. An earlier run began updating a device and recorded no verdict: if it took the image (or may have),
 *    or its version changed since, or it is silent (rebooting?), it is verified, never uploaded again.
 * 3. A device already on the version (`--expect-version`, or the version this image brought on devices
 *    verified in an earlier run) is skipped; so is one this image was verified on, or failed on (unless
 *    `retryFailed`), in an earlier run.
 * 4. Offline, an unknown model or version, no credential, a status that cannot be read: skipped, in words.
 * 5. The rest, in the order given: the canary first (unless an earlier run verified this image already),
 *    then batches that grow with trust (shared/domain/firmware-batches.ts: 10, 40, 160, 250, …).
 */
import type {
  FirmwareImage,
  FirmwarePlan,
  FirmwarePlanDevice,
  FirmwareSettings,
  FirmwareStep,
} from '../../../shared/domain/firmware';
import { versionsByModel } from '../../../shared/domain/firmware';
import type { MessageRef } from '../../../shared/i18n/message';
import { message } from '../../../shared/i18n/message';
import { batchSizesAfterCanary } from '../../../shared/domain/firmware-batches';
import type { PreflightDevice } from './device-facts';
import type { DeviceHistory, ImageHistory } from './history';
import { historyOf, tookTheImage, unfinished } from './history';
import type { PlanWords } from './plan-words';
import { earlierRunWords, inStepWords, skipWords, uploadWords } from './plan-words';

export interface PlanInput {
  image: FirmwareImage;
  settings: FirmwareSettings;
  /** Every target, in the order given. */
  devices: readonly PreflightDevice[];
  history: ImageHistory;
}

/** "2025-06-01T10:11:12Z": an activity time without its milliseconds. */
export const whenWords = (iso: string): string => iso.replace(/\.\d+Z$/, 'Z');

const same = (a: string | undefined, b: string | undefined): boolean =>
  a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();

export const matchesModel = (device: PreflightDevice, model: string): boolean =>
  same(device.identity.model, model) || same(device.identity.modelName, model);

/** Why nothing may be sent, in English and for the window (issue 35); the model list keeps its English counts. */
function modelRefusal(
  devices: readonly PreflightDevice[],
  settings: FirmwareSettings,
): { words: string; text: MessageRef } | undefined {
  const models = versionsByModel(devices.map((d) => ({ ...d.identity })));
  const list = models.map((m) => `${m.model} (${m.devices} device${m.devices === 1 ? '' : 's'})`).join(', ');
  if (settings.model !== undefined) {
    const model = settings.model;
    if (devices.some((d) => matchesModel(d, model))) return undefined;
    return models.length === 0
      ? {
          words: `no device reports model ${model}: none of them answered with a model.`,
          text: message('errors.firmware.noModelAnswered', { model }),
        }
      : {
          words: `no device reports model ${model}; they report: ${list}.`,
          text: message('errors.firmware.noDeviceOfModel', { model, list }),
        };
  }
  if (models.length <= 1) return undefined;
  return {
    words: `these devices report ${models.length} models: ${list}. A firmware image is built for one model, and Minerdeck cannot read which: choose it with --model NAME (the others are skipped). Nothing was sent.`,
    text: message('errors.firmware.severalModels', { count: models.length, list }),
  };
}

/** An earlier run's unfinished update of the device: verify it (and why), or undefined to judge as usual. */
function earlierRun(device: PreflightDevice, record: DeviceHistory): PlanWords | undefined {
  const when = whenWords(record.at);
  if (tookTheImage(record)) return earlierRunWords.taken(when, device.unreachable !== undefined);
  if (device.unreachable !== undefined && device.silent === true) return earlierRunWords.uploading(when);
  const now = device.identity.version;
  if (now !== undefined && record.from !== undefined && now !== record.from) {
    return earlierRunWords.versionChanged(record.from, now, when);
  }
  if (device.minerState?.name.trim().toLowerCase() === 'shutting-down') {
    return earlierRunWords.shuttingDown(when);
  }
  return undefined;
}

type Judged =
  | ({ role: 'verify'; certificate?: { before: string; after: string } } & PlanWords)
  | ({ role: 'skip' } & PlanWords)
  | ({ role: 'upload' } & PlanWords);

function judge(device: PreflightDevice, input: PlanInput, targetModel: string | undefined): Judged {
  const { settings, history } = input;
  const record = historyOf(history, device);
  if (unfinished(record)) {
    if (device.certificate !== undefined) {
      const { before, after } = device.certificate;
      return {
        role: 'verify',
        certificate: device.certificate,
        ...earlierRunWords.certificate(whenWords(record.at), before, after),
      };
    }
    const verify = earlierRun(device, record);
    if (verify !== undefined) return { role: 'verify', ...verify };
  }
  if (device.certificate !== undefined) {
    return { role: 'skip', ...skipWords.certificate(device.certificate.before, device.certificate.after) };
  }
  if (device.unreachable !== undefined) return { role: 'skip', ...skipWords.offline(device.unreachable) };
  const { model, version } = device.identity;
  // Firmware that guards `/info`, and no credential for it here: that is what to fix first.
  if (device.noCredential !== undefined && model === undefined) {
    return { role: 'skip', detail: device.noCredential };
  }
  if (model === undefined) return { role: 'skip', ...skipWords.modelUnknown };
  if (targetModel !== undefined && !matchesModel(device, targetModel)) {
    return { role: 'skip', ...skipWords.otherModel(model, targetModel) };
  }
  if (version === undefined) return { role: 'skip', ...skipWords.noVersion };
  if (record !== undefined && record.phase === 'verdict') {
    if (record.outcome === 'done' && record.to === version) {
      return { role: 'skip', ...skipWords.updated(whenWords(record.at), record.from ?? '?', version) };
    }
    if (record.outcome === 'failed' && !settings.retryFailed) {
      return { role: 'skip', ...skipWords.failedBefore(whenWords(record.at), String(record.message)) };
    }
  }
  if (settings.expectVersion !== undefined && version === settings.expectVersion) {
    return { role: 'skip', ...skipWords.alreadyOn(version) };
  }
  if (settings.expectVersion === undefined && history.version !== undefined && version === history.version) {
    return { role: 'skip', ...skipWords.alreadyOnBrought(version, history.verifiedOn?.address) };
  }
  if (device.noCredential !== undefined) return { role: 'skip', detail: device.noCredential };
  if (device.statusProblem !== undefined)
    return { role: 'skip', ...skipWords.statusUnread(device.statusProblem) };
  const again = unfinished(record) && record.phase === 'upload' ? whenWords(record.at) : undefined;
  return { role: 'upload', ...uploadWords(version, again) };
}

/** The items cut in runs of the given sizes (which sum to their count). */
function cut<T>(items: readonly T[], sizes: readonly number[]): T[][] {
  const out: T[][] = [];
  let at = 0;
  for (const size of sizes) {
    out.push(items.slice(at, at + size));
    at += size;
  }
  return out;
}

export function buildPlan(input: PlanInput): FirmwarePlan {
  const { image, settings, devices, history } = input;
  const answering = devices.filter((d) => d.unreachable === undefined);
  const models = versionsByModel(answering.map((d) => ({ ...d.identity })));
  const refusal = modelRefusal(answering, settings);
  const version = settings.expectVersion ?? history.version;
  const base = (device: PreflightDevice) => ({
    deviceId: device.deviceId,
    address: device.address,
    ...(device.identity.model !== undefined ? { model: device.identity.model } : {}),
    ...(device.identity.modelName !== undefined ? { modelName: device.identity.modelName } : {}),
    ...(device.identity.version !== undefined ? { from: device.identity.version } : {}),
  });
  const plan = (steps: FirmwareStep[], planned: FirmwarePlanDevice[]): FirmwarePlan => ({
    image,
    settings,
    models,
    ...(version !== undefined ? { version } : {}),
    devices: planned,
    steps,
    uploads: planned.filter((d) => d.role === 'canary' || d.role === 'batch').length,
    batchSizes: steps.filter((s) => s.kind !== 'earlier-run').map((s) => s.deviceIds.length),
    ...(refusal !== undefined ? { refusal: refusal.words, refusalText: refusal.text } : {}),
  });
  if (refusal !== undefined) {
    return plan(
      [],
      devices.map((d) => ({
        ...base(d),
        role: 'skip',
        ...(d.unreachable !== undefined ? skipWords.offline(d.unreachable) : skipWords.noModelChosen),
      })),
    );
  }
  const targetModel = settings.model ?? models[0]?.model;
  const judged = devices.map((device) => ({ device, judged: judge(device, input, targetModel) }));
  const verify = judged.filter((j) => j.judged.role === 'verify').map((j) => j.device.deviceId);
  const uploads = judged.filter((j) => j.judged.role === 'upload').map((j) => j.device.deviceId);
  // An image an earlier run verified needs no canary of its own: that run's canary was it.
  const proven = history.verifiedCount > 0;
  const canary = proven ? [] : uploads.slice(0, settings.canary);
  const rest = uploads.slice(canary.length);
  const batches = cut(rest, batchSizesAfterCanary(rest.length, settings));
  const steps: FirmwareStep[] = [];
  if (verify.length > 0)
    steps.push({ kind: 'earlier-run', name: 'finishing the earlier run', deviceIds: verify });
  if (canary.length > 0) steps.push({ kind: 'canary', name: 'canary', deviceIds: canary });
  batches.forEach((deviceIds, i) =>
    steps.push({ kind: 'batch', name: `batch ${i + 1} of ${batches.length}`, deviceIds }),
  );
  const stepOf = new Map<string, number>();
  steps.forEach((step, index) => step.deviceIds.forEach((id) => stepOf.set(id, index)));
  const planned = judged.map(({ device, judged: j }): FirmwarePlanDevice => {
    const step = stepOf.get(device.deviceId);
    const words = { detail: j.detail, ...(j.detailText !== undefined ? { detailText: j.detailText } : {}) };
    if (j.role === 'skip' || step === undefined) return { ...base(device), role: 'skip', ...words };
    if (j.role === 'verify') {
      return {
        ...base(device),
        role: 'verify',
        step,
        ...words,
        ...(j.certificate !== undefined ? { certificate: j.certificate } : {}),
      };
    }
    const isCanary = steps[step]?.kind === 'canary';
    const batch = steps.slice(0, step + 1).filter((s) => s.kind === 'batch').length;
    return {
      ...base(device),
      role: isCanary ? 'canary' : 'batch',
      step,
      ...inStepWords(words, isCanary ? { canary: true } : { batch, of: batches.length }),
    };
  });
  return plan(steps, planned);
}
