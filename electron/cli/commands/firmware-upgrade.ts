/**
 * `minerdeck firmware upgrade <targets…> --file PATH …` (docs/commissioning.md, "Firmware"): the staged,
 * verified, resumable rollout from a terminal.
 *
 * 1. Arguments and the image are checked before any network call (a missing or empty file: exit 2).
 * 2. Each target is identified (anonymous `/info`) and the preflight reads every device (nothing sent):
 *    the plan — versions now by model, the canary, the batches, who is skipped and why — is printed.
 *    Several models without `--model`: exit 2. `--dry-run` stops there (exit 0).
 * 3. Without `--yes` the plan is asked about on a terminal ("yes" to start); without a terminal, refused
 *    (exit 2), nothing sent.
 * 4. The rollout: one line per device as it ends, failures on stderr (with `--json`, exactly one JSON line
 *    per device, then a summary line). Certificates of updated https devices that changed after their
 *    update are asked about once per step on a terminal; never trusted without one.
 * Exit: 0 every device verified or skipped, 1 a failure or a stopped rollout, 2 bad usage, 130 cancelled.
 */
import type {
  CertificateChange,
  FirmwareDeviceStep,
  FirmwareEvent,
  FirmwarePlan,
} from '../../../shared/domain/firmware';
import { createRolloutProgress } from '../../core/progress/rollout-progress';
import { toAppError } from '../../core/errors/to-app-error';
import { createPinOverlay } from '../../core/firmware/certificates';
import type { FirmwareSettingsInput } from '../../core/firmware/firmware-service';
import {
  createFirmwareService,
  firmwareSettings,
  skippedOutcome,
} from '../../core/firmware/firmware-service';
import { readFirmwareImage } from '../../core/firmware/image-file';
import { intOption, parse } from '../args';
import { confirmOnTerminal } from '../confirm-prompt';
import { planJson, planLines, printDevice, summaryJson, summarySentence } from '../firmware-output';
import { cliPins } from '../inventory-pins';
import type { Output } from '../output';
import { EXIT, reportError } from '../output';
import { startProgressLines } from '../progress-lines';
import type { Clock } from '../../core/clock/clock';
import { cliClockPolicy } from '../run-clock';
import { PACING_OPTIONS, pacingFromOptions } from './pacing-options';
import type { CliContext } from './context';
import { commonOptions } from './device-command';
import { bulkOf, openReachingCredentials } from './device-run';
import { FIRMWARE_UPGRADE_USAGE } from './firmware-usage';
import { parseMonitorTargets } from './monitor-targets';
import { commandTargets, TARGET_OPTIONS } from './targets';
import { confirmStart, usageError, WRITE_OPTIONS, writeRunOptions } from './write-run-options';
import { resolveWriteTargets, openWriteSite } from './write-targets';

const TEXT_OPTION = /^[\x21-\x7e][\x20-\x7e]{0,99}$/;

/** `--expect-version`, `--model`: printable text a device could report, at most 100 characters. */
function textOption(
  value: unknown,
  name: string,
): { ok: true; value?: string } | { ok: false; message: string } {
  if (value === undefined) return { ok: true };
  if (typeof value !== 'string' || !TEXT_OPTION.test(value.trim())) {
    return {
      ok: false,
      message: `--${name} must be printable text of 1 to 100 characters, not ${JSON.stringify(value)}.`,
    };
  }
  return { ok: true, value: value.trim() };
}

/** The rollout's own options, checked before anything else happens. */
function rolloutSettings(
  values: Record<string, string | boolean | undefined>,
): { ok: true; value: FirmwareSettingsInput } | { ok: false; message: string } {
  const canary = intOption(values.canary, 'canary', 1, 10_000);
  if (!canary.ok) return { ok: false, message: canary.error.message };
  const pacing = pacingFromOptions(values);
  if (!pacing.ok) return pacing;
  const deadline = intOption(values.deadline, 'deadline', 1, 24 * 60);
  if (!deadline.ok) return { ok: false, message: deadline.error.message };
  const expect = textOption(values['expect-version'], 'expect-version');
  if (!expect.ok) return expect;
  const model = textOption(values.model, 'model');
  if (!model.ok) return model;
  const input: FirmwareSettingsInput = {
    keepSettings: values['no-keep-settings'] !== true,
    retryFailed: values['retry-failed'] === true,
    ...(canary.value !== undefined ? { canary: canary.value } : {}),
    ...pacing.value,
    ...(deadline.value !== undefined ? { deadlineMinutes: deadline.value } : {}),
    ...(expect.value !== undefined ? { expectVersion: expect.value } : {}),
    ...(model.value !== undefined ? { model: model.value } : {}),
  };
  const checked = firmwareSettings(input);
  return checked.ok ? { ok: true, value: input } : { ok: false, message: checked.error.message };
}

/** Progress for a person, on stderr: each step as it starts, and why the rollout stops. */
function tellProgress(output: Output, event: FirmwareEvent): void {
  if (output.json) return;
  if (event.kind === 'step' && event.state === 'started') output.err(`Starting ${event.name}…`);
  if (event.kind === 'stopping') output.err(`minerdeck: the rollout stops: ${event.reason}.`);
}

/** Asks once for every changed certificate of a step; never yes without a terminal. */
async function askCertificates(
  ctx: CliContext,
  output: Output,
  changes: CertificateChange[],
): Promise<boolean> {
  output.err(
    `Certificate changed after the update on ${changes.length} updated device${changes.length === 1 ? '' : 's'}:`,
  );
  for (const change of changes) {
    output.err(`  ${change.address}: trusted ${change.before}, now ${change.after}`);
  }
  const answer = await confirmOnTerminal(
    ctx.secrets,
    `Trust the new certificate${changes.length === 1 ? '' : 's'} of ${changes.length === 1 ? 'this updated device' : `these ${changes.length} updated devices`}? Type "yes" to trust:`,
    ctx.signal,
  );
  if (answer === 'no-terminal') {
    output.err(
      'minerdeck: no terminal to ask on, so the new certificates are not trusted. Run the same command on a terminal: it verifies these devices and asks again (it does not upload to them again).',
    );
  }
  return answer === 'yes';
}

/** The rollout's progress lines on stderr (progress-lines.ts), from each device's step as it is told. */
function rolloutProgressLines(
  output: Output,
  plan: FirmwarePlan,
  clock: Clock,
): { changed(event: FirmwareEvent): void; stop(): void } {
  const latest = new Map<string, FirmwareDeviceStep>();
  const progress = createRolloutProgress({ plan, now: () => clock.now() });
  const lines = startProgressLines({
    clock,
    write: (line) => output.err(line),
    estimate: () => progress.estimate(latest),
    verbs: { upload: 'uploading', install: 'rebooting', verify: 'verifying' },
  });
  return {
    changed(event) {
      if (event.kind === 'device') {
        latest.set(event.deviceId, event.step);
        progress.see(event.deviceId, event.step);
      }
      lines.changed();
    },
    stop: () => lines.stop(),
  };
}

export async function firmwareUpgradeCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const parsed = parse(argv, {
    ...commonOptions,
    ...WRITE_OPTIONS,
    file: { type: 'string' },
    'expect-version': { type: 'string' },
    model: { type: 'string' },
    canary: { type: 'string' },
    ...PACING_OPTIONS,
    'no-keep-settings': { type: 'boolean', default: false },
    deadline: { type: 'string' },
    'password-stdin': { type: 'boolean', default: false },
    'retry-failed': { type: 'boolean', default: false },
    ...TARGET_OPTIONS,
  });
  if (!parsed.ok) return reportError(ctx.output, parsed.error);
  const { values } = parsed.value;
  const output = { ...ctx.output, json: values.json === true };
  const addresses = await commandTargets(ctx, output, parsed.value, {
    usage: FIRMWARE_UPGRADE_USAGE,
    parse: parseMonitorTargets,
  });
  if (!addresses.ok) return reportError(output, addresses.error);
  const run = writeRunOptions(values, 'upload');
  if (!run.ok) return reportError(output, run.error);
  const { yes, dryRun } = run.value;
  const settings = rolloutSettings(values);
  if (!settings.ok) return usageError(output, settings.message);
  if (typeof values.file !== 'string' || values.file.trim() === '') {
    return usageError(
      output,
      `the firmware image is missing: add --file PATH. Usage: ${FIRMWARE_UPGRADE_USAGE}`,
    );
  }
  // The image is read (size, SHA-256) before any device is: a wrong path costs no network call.
  const image = await readFirmwareImage(values.file, { signal: ctx.signal });
  if (!image.ok) return reportError(output, image.error);
  const opened = await openWriteSite(ctx, output, values);
  if (!opened.ok) return reportError(output, opened.error);
  const { inventory, site, siteGiven, password } = opened.value;

  // A certificate trusted during the run is used at once by every connection of this command.
  const pins = createPinOverlay(cliPins(ctx));
  const { reach, credentials } = await openReachingCredentials(ctx, run.value.timeoutMs, pins);
  try {
    const { services } = credentials;
    const bulk = bulkOf(ctx, run.value.concurrency);
    // With --password-stdin, tried once per device that answered; a refusal shows in the plan ("needs its password").
    const { targets } = await resolveWriteTargets({ services, reach }, addresses.value.addresses, {
      site,
      siteGiven,
      ...(password !== undefined ? { password } : {}),
      bulk,
    });
    const clockFor = cliClockPolicy(output);
    const firmware = createFirmwareService({
      client: credentials.client,
      credentials: services,
      inventory,
      pins,
      clockFor,
    });
    const prepared = await firmware.prepare({
      targets,
      imagePath: image.value.path,
      imageFile: image.value,
      siteId: site.id,
      settings: settings.value,
      ...bulk,
    });
    if (!prepared.ok) return reportError(output, prepared.error);
    const { plan } = prepared.value;
    if (plan.refusal !== undefined) {
      // What the devices report is what the technician needs to choose: on stderr, for a person.
      for (const line of planLines(plan)) output.err(line);
      return usageError(output, plan.refusal);
    }
    if (dryRun) {
      if (output.json) for (const line of planJson(plan)) output.out(line);
      else for (const line of planLines(plan)) output.out(line);
      return EXIT.ok;
    }
    // Past the dry run the plan is for a person: on stderr with --json, so stdout keeps one line per device.
    for (const line of planLines(plan)) (output.json ? output.err : output.out)(line);
    if (plan.steps.length === 0) {
      // Nothing to upload or verify: every device is on the version, or skipped for the reason shown.
      const outcome = skippedOutcome(plan);
      for (const device of outcome.devices) printDevice(output, device);
      if (output.json) output.out(summaryJson(outcome));
      output.err(`Nothing to do: ${summarySentence(outcome)}.`);
      return EXIT.ok;
    }
    if (!yes) {
      const verifying = plan.devices.filter((d) => d.role === 'verify').length;
      const what = [
        plan.uploads > 0
          ? `upload ${plan.image.name} to ${plan.uploads} device${plan.uploads === 1 ? '' : 's'}`
          : '',
        verifying > 0 ? `verify ${verifying} device${verifying === 1 ? '' : 's'} an earlier run updated` : '',
      ]
        .filter((part) => part !== '')
        .join(' and ');
      const refused = await confirmStart(ctx, output, what, 'plan');
      if (refused !== undefined) return refused;
    }

    const printed = new Set<string>();
    const lines = rolloutProgressLines(output, plan, clockFor(targets.map((t) => t.address)));
    const started = firmware.start(prepared.value, {
      signal: ctx.signal,
      onEvent: (event) => {
        tellProgress(output, event);
        lines.changed(event);
        if (event.kind !== 'device') return;
        if (event.step !== 'verified' && event.step !== 'failed' && event.step !== 'unknown') return;
        printed.add(event.deviceId);
        printDevice(output, {
          deviceId: event.deviceId,
          address: event.address,
          outcome: event.step,
          words: event.words,
          uploaded: event.uploaded === true,
          ...(event.from !== undefined ? { from: event.from } : {}),
          ...(event.to !== undefined ? { to: event.to } : {}),
          ...(event.certificate !== undefined ? { certificate: event.certificate } : {}),
        });
      },
      decideCertificates: (changes) => askCertificates(ctx, output, changes),
    });
    if (!started.ok) {
      lines.stop();
      return reportError(output, started.error);
    }
    const outcome = await started.value.outcome.finally(() => lines.stop());
    for (const device of outcome.devices) if (!printed.has(device.deviceId)) printDevice(output, device);
    if (output.json) output.out(summaryJson(outcome));
    output.err(`${summarySentence(outcome)}.`);
    if (outcome.stopped !== undefined && !outcome.cancelled) {
      output.err(
        `The rollout stopped: ${outcome.stopped}. Run the same command again to continue: it reads every device first and never uploads twice to one that took the image.`,
      );
    }
    if (outcome.activityErrors.length > 0) {
      output.err(
        `minerdeck: the activity log of site "${site.name}" could not be written: ${outcome.activityErrors[0] ?? ''}`,
      );
    } else output.err(`Recorded in the activity log of site "${site.name}".`);
    if (outcome.cancelled) return EXIT.cancelled;
    return outcome.devices.every((d) => d.outcome === 'verified' || d.outcome === 'skipped')
      ? EXIT.ok
      : EXIT.failed;
  } catch (error) {
    return reportError(output, toAppError(error));
  } finally {
    await credentials.close();
  }
}
