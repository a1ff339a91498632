/**
 * What `minerdeck firmware upgrade` and `status` print. The plan for a person (versions now by model, the
 * steps, every skipped device and why) or as JSON lines; then one line per device as its rollout ends —
 * with `--json` exactly one each, `address`, `ok`, `from`, `to`, `error` (words, null when ok), then a
 * summary line — and the one-sentence summary a report also gives.
 */
import type {
  FirmwareDeviceOutcome,
  FirmwareOutcome,
  FirmwarePlan,
  FirmwareStatus,
} from '../../shared/domain/firmware';
import { DEFAULT_TOLERATE_PERCENT, planSizesWords } from '../../shared/domain/firmware-batches';
import { firmwareSummary, modelVersionsLine } from '../../shared/format/firmware-text';
import type { Output } from './output';

const MB = 1024 * 1024;
/** Addresses a step's line names at most; the rest are counted. */
const NAMED_PER_STEP = 12;

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
const hostOf = (address: string): string => address.replace(/^https?:\/\//, '');

export function imageLine(plan: FirmwarePlan): string {
  const { image, settings } = plan;
  return `Firmware ${image.name} (${(image.bytes / MB).toFixed(1)} MB, sha256 ${image.sha256.slice(0, 16)}…), settings ${settings.keepSettings ? 'kept' : 'NOT kept (--no-keep-settings)'}.`;
}

/** When trouble stops the rollout (firmware-batches.ts `toleratedFailures`). */
function stopWords(tolerate: number | undefined): string {
  const percent = tolerate ?? DEFAULT_TOLERATE_PERCENT;
  return percent === 0
    ? 'the first failure stops the rollout'
    : `a failure in the canary or the first batch stops the rollout; a later batch goes on through ${percent} % of its devices failing (--tolerate), not one more`;
}

/** The plan for a person: nothing was sent to make it. */
export function planLines(plan: FirmwarePlan): string[] {
  const lines = [imageLine(plan), 'Versions now:'];
  if (plan.models.length === 0) lines.push('  (no device answered with a model)');
  for (const model of plan.models) lines.push(`  ${modelVersionsLine(model)}`);
  const { settings } = plan;
  lines.push(
    plan.version !== undefined
      ? `The image brings ${plan.version}${settings.expectVersion !== undefined ? ' (--expect-version)' : ' (as it did in an earlier run)'}.`
      : 'The version the image brings is not known until the canary reports it (--expect-version V also skips devices already on V).',
  );
  if (plan.refusal === undefined) {
    const steps = plan.steps;
    lines.push(
      steps.length === 0
        ? 'Plan: nothing to upload.'
        : `Plan: ${plan.uploads} device${plan.uploads === 1 ? ' gets' : 's get'} the image, in ${plan.steps.length} step${steps.length === 1 ? '' : 's'} (${planSizesWords(plan)}); at most ${settings.maxOffline} offline at once (uploading or not yet verified), ${settings.trust === 'canary' ? "a batch starting once the one before has uploaded (trusting the canary: no batch waits for another's verdicts)" : 'a batch starting once the one before has uploaded and every earlier one is verified'}, ${settings.uploadsInFlight} uploads in flight, ${settings.deadlineMinutes} min for each device to come back verified; ${stopWords(settings.tolerate)}.`,
    );
    const byId = new Map(plan.devices.map((d) => [d.deviceId, d]));
    for (const step of steps) {
      const named = step.deviceIds.slice(0, NAMED_PER_STEP).map((id) => hostOf(byId.get(id)?.address ?? id));
      const more = step.deviceIds.length - named.length;
      lines.push(
        `  ${step.name} (${plural(step.deviceIds.length, 'device')}): ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`,
      );
    }
    for (const device of plan.devices.filter((d) => d.role === 'verify')) {
      lines.push(`  ${hostOf(device.address)}: ${device.detail}`);
    }
  }
  const skipped = plan.devices.filter((d) => d.role === 'skip');
  if (skipped.length > 0) {
    lines.push(`Skipped (${skipped.length}):`);
    const width = Math.max(...skipped.map((d) => hostOf(d.address).length));
    for (const device of skipped) lines.push(`  ${hostOf(device.address).padEnd(width)}  ${device.detail}`);
  }
  return lines;
}

/** The plan as JSON lines: one `preview` line per device, then the plan itself. */
export function planJson(plan: FirmwarePlan): string[] {
  const devices = plan.devices.map((d) => JSON.stringify({ preview: true, ...d }));
  // The devices have their own lines: the plan's line carries the rest (JSON drops `undefined`).
  return [...devices, JSON.stringify({ plan: { ...plan, devices: undefined } })];
}

/** A device's line: verified and skipped are fine (`ok`); anything else carries its words as `error`. */
export function deviceJson(device: FirmwareDeviceOutcome): string {
  const ok = device.outcome === 'verified' || device.outcome === 'skipped';
  return JSON.stringify({
    address: device.address,
    ok,
    from: device.from ?? null,
    to: device.to ?? null,
    error: ok ? null : device.words,
    deviceId: device.deviceId,
    outcome: device.outcome,
    ...(ok ? { message: device.words } : {}),
    uploaded: device.uploaded,
    ...(device.certificate !== undefined ? { certificate: device.certificate } : {}),
  });
}

export function printDevice(output: Output, device: FirmwareDeviceOutcome): void {
  if (output.json) {
    output.out(deviceJson(device));
    return;
  }
  const line = `${hostOf(device.address)}: ${device.words}`;
  if (device.outcome === 'verified' || device.outcome === 'skipped') output.out(line);
  else output.err(`minerdeck: ${line}`);
}

/** "firmware 1.2.7 on 198 of 200 devices; 2 failed: 10.0.3.7, 10.0.3.9; 3 skipped" */
/** The one-sentence summary a report also gives (shared/format/firmware-text.ts). */
export const summarySentence = (outcome: FirmwareOutcome): string => firmwareSummary(outcome);

export function summaryJson(outcome: FirmwareOutcome): string {
  return JSON.stringify({
    summary: {
      ...outcome.counts,
      version: outcome.version ?? null,
      stopped: outcome.stopped ?? null,
      cancelled: outcome.cancelled,
      image: { name: outcome.image.name, sha256: outcome.image.sha256 },
    },
  });
}

/** `firmware status`: one line per device, then the versions by model. */
export function printStatus(output: Output, status: FirmwareStatus): void {
  for (const device of status.devices) {
    if (output.json) {
      output.out(
        JSON.stringify({
          address: device.address,
          ok: device.ok,
          model: device.model ?? null,
          modelName: device.modelName ?? null,
          version: device.version ?? null,
          error: device.error ?? null,
        }),
      );
    } else if (device.ok) {
      output.out(
        `${hostOf(device.address)}: ${device.model ?? 'model unknown'} ${device.version ?? 'version unknown'}`,
      );
    } else {
      // Device errors name the device already.
      const error = device.error ?? 'no answer';
      const host = hostOf(device.address);
      output.err(`minerdeck: ${error.includes(host) ? error : `${host}: ${error}`}`);
    }
  }
  if (output.json) {
    output.out(
      JSON.stringify({
        summary: { models: status.models, unreachable: status.devices.filter((d) => !d.ok).length },
      }),
    );
    return;
  }
  output.out('Versions by model:');
  if (status.models.length === 0) output.out('  (no device answered with a model)');
  for (const model of status.models) output.out(`  ${modelVersionsLine(model)}`);
}
