/**
 * The firmware capability (docs/commissioning.md, "Firmware"), for the CLI and the app alike, in two steps:
 *
 * 1. `prepare` — the preflight: reads the image (size, SHA-256), every target's `/info` and `/status`, and
 *    what earlier runs of this image left in the site's activity log; sends nothing. Its `plan` is plain
 *    data (shared/domain/firmware.ts) for a preview: versions by model, the canary, the batches, who is
 *    skipped and why, or why nothing may be sent (`refusal`).
 * 2. `start` — runs a prepared plan: per-device progress as events, "stop after this batch", cancel, and
 *    an outcome that names every device.
 *
 * Wired once per shell over the same credentials, inventory and pinned certificates as the device client
 * (`pins` must be the overlay that client was built with, so a certificate trusted during the run is used
 * at once). `disruptions`: the monitor of this process, told of each device that took the image.
 * `status` (firmware-status.ts) and trusting updated devices' certificates (updated-certificates.ts) are
 * their own modules; this wires them over the same device reading and pins.
 */
import type {
  CertificateChange,
  FirmwareDeviceProgress,
  FirmwareEvent,
  FirmwareOutcome,
  FirmwareStatus,
} from '../../../shared/domain/firmware';
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import { message } from '../../../shared/i18n/message';
import type { Result } from '../../../shared/result';
import { errWithText, ok } from '../../../shared/result';
import { noCredential } from '../commission/pool-plan';
import { REAL_CLOCK } from '../clock/clock';
import type { ClockPolicy } from '../clock/clock-policy';
import { runBulk } from '../credentials/bulk';
import type { CredentialServices } from '../credentials/credential-services';
import type { SessionTarget } from '../credentials/session-target';
import type { DeviceClient } from '../device/client';
import { DeviceError } from '../device/device-error';
import type { InventoryServices } from '../inventory/inventory-services';
import type { Monitor } from '../monitor/monitor';
import { createFirmwareLog } from './activity-log';
import type { PinOverlay, TrustOutcome } from './certificates';
import type { PreflightDevice } from './device-facts';
import { readPreflight } from './device-facts';
import type { ImageHistory } from './history';
import { imageHistory } from './history';
import type { FirmwareImageFile } from './image-file';
import { readFirmwareImage } from './image-file';
import { readFirmwareStatus } from './firmware-status';
import { buildPlan } from './plan';
import { rolloutDevices } from './rollout-devices';
import type { PreparedRollout } from './rollout-types';
import type { FirmwareSettingsInput } from './settings';
import { firmwareSettings } from './settings';
import { runRollout } from './rollout';
import { pinNewCertificates, trustUpdatedCertificates } from './updated-certificates';
import type { UploadTimeouts } from './upload';
import type { VerifyTiming } from './verify';
import { DEFAULT_VERIFY_TIMING } from './verify';

export type { FirmwareSettingsInput } from './settings';
export { firmwareSettings, skippedOutcome } from './settings';

export interface FirmwareTiming {
  verify: VerifyTiming;
  upload: Partial<UploadTimeouts>;
  /** How long accepted devices and verdicts are gathered into one activity entry. */
  gatherMs: number;
}

export interface FirmwareServiceOptions {
  client: DeviceClient;
  credentials: Pick<CredentialServices, 'vault' | 'sessions'>;
  inventory: Pick<InventoryServices, 'recordActivity' | 'activity' | 'store'>;
  /** The pins the device client checks https devices with, as an overlay (certificates.ts). */
  pins: PinOverlay;
  /** Extra trusted roots for https devices, as the device client has them. */
  ca?: readonly string[];
  /** Tests: the time, instead of the run's clock. */
  now?: () => Date;
  /** The clock of each rollout, from its devices' addresses (default: the real clock; clock-policy.ts). */
  clockFor?: ClockPolicy;
  disruptions?: Pick<Monitor, 'expectDisruption'>;
  timing?: { verify?: Partial<VerifyTiming>; upload?: Partial<UploadTimeouts>; gatherMs?: number };
}

export interface FirmwarePlanRequest {
  targets: readonly SessionTarget[];
  /** The image on this computer (chosen in a file dialog, or `--file`). */
  imagePath: string;
  /** The image already read (readFirmwareImage) by the caller: not read again. */
  imageFile?: FirmwareImageFile;
  /** The site whose activity log records the rollout (and tells what earlier runs did). */
  siteId: string;
  settings?: FirmwareSettingsInput;
  signal?: AbortSignal;
  /** Devices read at once during the preflight (default 32). */
  concurrency?: number;
}

export type { PreparedRollout } from './rollout-types';

export interface FirmwareRunRequest {
  /** Every step of every device, as it happens (the app batches them for the window). */
  onEvent?: (event: FirmwareEvent) => void;
  /**
   * Certificates of updated https devices that changed after their update, once per step, all together:
   * true trusts every one of them (pinned in the inventory, used at once). Absent: none is trusted.
   */
  decideCertificates?: (changes: CertificateChange[]) => Promise<boolean>;
  /** Cancels as `cancel()` does. */
  signal?: AbortSignal;
}

export interface FirmwareRun {
  /** Resolves when the rollout ended (finished, stopped or cancelled); never rejects for a device's failure. */
  readonly outcome: Promise<FirmwareOutcome>;
  /** "Stop after this batch": the current step finishes (every device of it gets its verdict), no other starts. */
  stopAfterThisBatch(): void;
  /** Stops now: uploads under way are cut (nothing installed), devices that took the image are left to the next run. */
  cancel(): void;
  /** Where every device is now (its latest progress), e.g. for a window opened while the rollout runs. */
  progress(): FirmwareDeviceProgress[];
}

export interface FirmwareService {
  /** The preflight and its plan; nothing is sent. A missing or empty file is INVALID_INPUT. */
  prepare(request: FirmwarePlanRequest): Promise<Result<PreparedRollout>>;
  /** Runs a prepared plan; refused (INVALID_INPUT) when the plan carries a `refusal` or uploads to nobody and verifies nobody. */
  start(prepared: PreparedRollout, request?: FirmwareRunRequest): Result<FirmwareRun>;
  /** Versions by model, from each target's anonymous `/info` (`minerdeck firmware status`). */
  status(
    targets: readonly SessionTarget[],
    options?: { signal?: AbortSignal; concurrency?: number },
  ): Promise<FirmwareStatus>;
  /**
   * Trusts the new certificates of devices a firmware update from this laptop changed, in one step — only
   * for devices the site's activity log says took an image; any other is refused, named.
   */
  trustUpdatedCertificates(
    siteId: string,
    changes: readonly CertificateChange[],
  ): Promise<Result<TrustOutcome>>;
}

export function createFirmwareService(options: FirmwareServiceOptions): FirmwareService {
  const { client, inventory, pins } = options;
  const { vault, sessions } = options.credentials;
  const timing: FirmwareTiming = {
    verify: { ...DEFAULT_VERIFY_TIMING, ...options.timing?.verify },
    upload: options.timing?.upload ?? {},
    gatherMs: options.timing?.gatherMs ?? 500,
  };
  const facts = { client, sessions, pins };
  const tls = { pins, ...(options.ca !== undefined ? { ca: options.ca } : {}) };
  const certificates = { inventory, pins };

  async function historyFor(siteId: string, sha256: string): Promise<Result<ImageHistory>> {
    const entries = await inventory.activity(siteId);
    return entries.ok ? ok(imageHistory(entries.value, sha256)) : entries;
  }

  return {
    async prepare(request) {
      const settings = firmwareSettings(request.settings);
      if (!settings.ok) return settings;
      const file =
        request.imageFile !== undefined
          ? ok(request.imageFile)
          : await readFirmwareImage(request.imagePath, request.signal ? { signal: request.signal } : {});
      if (!file.ok) return file;
      const history = await historyFor(request.siteId, file.value.image.sha256);
      if (!history.ok) return history;
      const deps = { ...facts, noCredential: (t: SessionTarget) => noCredential({ vault, sessions }, t) };
      const read = await runBulk(
        request.targets,
        (target, signal) => readPreflight(deps, target, signal !== undefined ? { signal } : {}),
        {
          ...(request.signal !== undefined ? { signal: request.signal } : {}),
          ...(request.concurrency !== undefined ? { concurrency: request.concurrency } : {}),
        },
      );
      const preflight: PreflightDevice[] = [];
      for (const outcome of read) {
        if (!outcome.ok) {
          if (outcome.error.code === 'CANCELLED')
            return errWithText(
              'CANCELLED',
              'The firmware preflight was cancelled.',
              message('errors.firmware.preflightCancelled'),
            );
          preflight.push({
            deviceId: outcome.item.deviceId,
            address: formatDeviceAddress(outcome.item.address),
            unreachable: outcome.error.message,
            identity: {},
          });
        } else preflight.push(outcome.value);
      }
      const plan = buildPlan({
        image: file.value.image,
        settings: settings.value,
        devices: preflight,
        history: history.value,
      });
      return ok({
        plan,
        siteId: request.siteId,
        file: file.value,
        targets: [...request.targets],
        preflight,
        history: history.value,
      });
    },

    start(prepared, request = {}) {
      const { plan } = prepared;
      if (plan.refusal !== undefined)
        return errWithText(
          'INVALID_INPUT',
          plan.refusal,
          plan.refusalText ?? message('errors.firmware.planRefused', { why: plan.refusal }),
        );
      if (plan.steps.length === 0)
        return errWithText(
          'INVALID_INPUT',
          'nothing to do: every device is skipped (see why in the plan).',
          message('errors.firmware.allSkipped'),
        );
      const controller = new AbortController();
      const cancel = () =>
        controller.abort(
          new DeviceError(
            'CANCELLED',
            'The firmware rollout was cancelled.',
            {},
            { text: message('errors.firmware.rolloutCancelled') },
          ),
        );
      if (request.signal?.aborted === true) cancel();
      request.signal?.addEventListener('abort', cancel, { once: true });
      let stop = false;
      const latest = new Map<string, FirmwareDeviceProgress>();
      const clock = options.clockFor?.(prepared.targets.map((t) => t.address)) ?? REAL_CLOCK;
      // The log stamps the run's time: field time on a scaled clock (only ever the simulator's).
      const runNow = options.now ?? (() => new Date(clock.now()));
      const runNowMs = () => runNow().getTime();
      const log = createFirmwareLog({
        inventory,
        siteId: prepared.siteId,
        image: plan.image,
        ...(plan.settings.expectVersion !== undefined ? { expectVersion: plan.settings.expectVersion } : {}),
        keepSettings: plan.settings.keepSettings,
        now: runNow,
        gatherMs: timing.gatherMs,
      });
      const decide = request.decideCertificates;
      const outcome = runRollout(
        {
          facts,
          send: { sessions, tls, now: runNowMs, timeouts: timing.upload },
          log,
          file: prepared.file,
          now: runNowMs,
          clock,
          timing: timing.verify,
          disruptions: options.disruptions,
          // Only devices of this rollout that took the image ask (verify.ts): those are the updated ones.
          trust: async (changes) => {
            if (decide === undefined || !(await decide(changes))) return new Set<string>();
            const trusted = await pinNewCertificates(certificates, prepared.siteId, changes);
            if (!trusted.ok) return new Set<string>();
            return new Set(
              changes.filter((c) => trusted.value.trusted.includes(c.address)).map((c) => c.deviceId),
            );
          },
        },
        plan,
        rolloutDevices(prepared, runNowMs()),
        {
          signal: controller.signal,
          stopRequested: () => stop,
          onEvent: (event) => {
            if (event.kind === 'device') latest.set(event.deviceId, event);
            request.onEvent?.(event);
          },
        },
      ).finally(() => request.signal?.removeEventListener('abort', cancel));
      return ok({
        outcome,
        stopAfterThisBatch: () => {
          stop = true;
        },
        cancel,
        progress: () => [...latest.values()],
      });
    },

    status: (targets, statusOptions) => readFirmwareStatus(facts, targets, statusOptions),

    trustUpdatedCertificates: (siteId, changes) => trustUpdatedCertificates(certificates, siteId, changes),
  };
}
