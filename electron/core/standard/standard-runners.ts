/**
 * Commission's firmware and acceptance steps over the services that own them, so the standard does
 * nothing of its own there: the firmware service's staged rollout (preflight, canary, batches, verify,
 * its activity entries; resumable from the site's log) with the standard's version expected, and the
 * acceptance service's run (its verdicts kept in the site, as `minerdeck accept` keeps them).
 */
import { ACCEPTANCE_PENDING_WORDS } from '../../../shared/domain/acceptance-words';
import type { WriteResult } from '../../../shared/domain/commission';
import type {
  FirmwareDeviceOutcome,
  FirmwareEvent,
  FirmwareOutcomeKind,
} from '../../../shared/domain/firmware';
import { FIRMWARE_OUTCOMES } from '../../../shared/domain/firmware';
import type { AcceptanceVerdict } from '../../../shared/domain/acceptance';
import type { AcceptanceRunOptions } from '../acceptance/acceptance-run';
import { runAcceptance } from '../acceptance/acceptance-run';
import type { AcceptanceService } from '../acceptance/acceptance-service';
import type { VerdictStore } from '../acceptance/verdict-store';
import type { ClockPolicy } from '../clock/clock-policy';
import type { FirmwareService } from '../firmware/firmware-service';
import type { AcceptanceRunner, FirmwareRunner } from './commission-run';
import type { AcceptanceAnswer } from './commission-run-types';
import type { MessageRef } from '../../../shared/i18n/message';
import { message } from '../../../shared/i18n/message';

export interface FirmwareRunnerOptions {
  service: FirmwareService;
  siteId: string;
  concurrency?: number | undefined;
  /** Every step of every device (the monitor's "updating", the fleet learning a verified version). */
  onEvent?: (event: FirmwareEvent) => void;
}

/** A firmware outcome in the words of a write: verified is done; nothing sent is a failure of the step. */
export function firmwareResult(device: FirmwareDeviceOutcome): WriteResult {
  const base = {
    deviceId: device.deviceId,
    address: device.address,
    message: device.words,
    ...(device.text !== undefined ? { text: device.text } : {}),
  };
  if (device.outcome === 'verified') return { ...base, outcome: 'done' };
  if (device.outcome === 'unknown') return { ...base, outcome: 'unknown' };
  if (device.outcome === 'not-started') {
    const text = message('outcomes.commission.firmwareNotStarted');
    return { ...base, outcome: 'failed', message: 'not updated: the rollout stopped before its turn', text };
  }
  return { ...base, outcome: 'failed' };
}

/** The steps a rollout concludes a device with (its `device` event's last step: its outcome). */
const isFinal = (step: string): step is FirmwareOutcomeKind =>
  (FIRMWARE_OUTCOMES as readonly string[]).includes(step);

/** A device's last event of the rollout as its outcome, the moment the rollout concludes it. */
function concludedBy(event: FirmwareEvent): FirmwareDeviceOutcome | undefined {
  if (event.kind !== 'device' || !isFinal(event.step)) return undefined;
  return {
    deviceId: event.deviceId,
    address: event.address,
    outcome: event.step,
    words: event.words,
    ...(event.text !== undefined ? { text: event.text } : {}),
    uploaded: event.uploaded ?? false,
  };
}

export function firmwareRunner(options: FirmwareRunnerOptions): FirmwareRunner {
  const { service } = options;
  return async (targets, firmware, signal, onDevice) => {
    const everyone = (outcome: WriteResult['outcome'], message: string) =>
      new Map(
        targets.map((t) => [t.deviceId, { deviceId: t.deviceId, address: '', outcome, message }] as const),
      );
    const prepared = await service.prepare({
      targets,
      imagePath: firmware.imagePath,
      siteId: options.siteId,
      // The site's pacing for a hall, where its standard sets one (else the rollout's defaults).
      settings: { expectVersion: firmware.version, ...firmware.pacing },
      ...(signal !== undefined ? { signal } : {}),
      ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
    });
    if (!prepared.ok) return everyone('failed', prepared.error.message);
    const onEvent = (event: FirmwareEvent): void => {
      options.onEvent?.(event);
      const concluded = concludedBy(event);
      if (concluded !== undefined) onDevice?.(firmwareResult(concluded));
    };
    const started = service.start(prepared.value, {
      ...(signal !== undefined ? { signal } : {}),
      onEvent,
    });
    if (!started.ok) return everyone('failed', started.error.message);
    const outcome = await started.value.outcome;
    return new Map(outcome.devices.map((d) => [d.deviceId, firmwareResult(d)] as const));
  };
}

/** The first reason as a message, and how many more: a step's line names one, the verdict keeps all. */
function reasonValues(v: AcceptanceVerdict): { reason: MessageRef | string; more: number } {
  return { reason: v.reasonTexts?.[0] ?? v.reasons[0] ?? '', more: Math.max(0, v.reasons.length - 1) };
}

const verdictWords = (v: AcceptanceVerdict): AcceptanceAnswer => {
  if (v.verdict === 'pass')
    return { pass: true, message: 'accepted', text: message('outcomes.commission.accepted') };
  if (v.verdict === 'pending') {
    return {
      pass: false,
      pending: true,
      message: `${ACCEPTANCE_PENDING_WORDS}${v.reasons.join('; ')}; judge again later`,
      text: message('outcomes.commission.acceptancePending', reasonValues(v)),
    };
  }
  return {
    pass: false,
    message: `not accepted: ${v.reasons.join('; ')}`,
    text: message('outcomes.commission.notAccepted', reasonValues(v)),
  };
};

/**
 * Acceptance as `minerdeck accept` runs it (the CLI's `commission`): the readings over the window, the
 * verdicts kept in the site for the report. Cancelled: no verdict is kept.
 */
export function verdictAcceptanceRunner(
  deps: Pick<AcceptanceRunOptions, 'client' | 'sessions'> & {
    verdicts: VerdictStore;
    siteId: string;
    /** The run's clock from its devices' addresses (default: the real clock). */
    clockFor?: ClockPolicy;
  },
): AcceptanceRunner {
  return async (targets, criteria, signal) => {
    const run = await runAcceptance(targets, {
      client: deps.client,
      sessions: deps.sessions,
      criteria,
      ...(deps.clockFor !== undefined ? { clock: deps.clockFor(targets.map((t) => t.address)) } : {}),
      ...(signal !== undefined ? { signal } : {}),
    });
    const verdicts = new Map(run.verdicts.map((v) => [v.deviceId, verdictWords(v)] as const));
    if (!run.cancelled) {
      const saved = await deps.verdicts.save(deps.siteId, run.verdicts);
      if (!saved.ok) {
        for (const [id, v] of verdicts)
          verdicts.set(id, {
            ...v,
            message: `${v.message} (not kept: ${saved.error.message})`,
            text: message('outcomes.commission.verdictNotKept', {
              verdict: v.text ?? v.message,
              why: saved.error.message,
            }),
          });
      }
    }
    return verdicts;
  };
}

/**
 * Acceptance through the app's one acceptance run (the window's Acceptance view shows it too): a
 * Commission's groups join it while it goes on (their windows overlap); refused while the window's own run
 * goes on; cancelled with the Commission run.
 */
export function acceptanceRunner(acceptance: AcceptanceService): AcceptanceRunner {
  return async (targets, criteria, signal) => {
    const verdicts = new Map<string, AcceptanceAnswer>();
    const joined = acceptance.join(
      targets.map((t) => t.deviceId),
      criteria,
    );
    if (!joined.ok) {
      for (const t of targets) verdicts.set(t.deviceId, { pass: false, message: joined.error.message });
      return verdicts;
    }
    const stop = () => acceptance.cancel();
    signal?.addEventListener('abort', stop, { once: true });
    try {
      for (const v of (await joined.value.verdicts) ?? []) verdicts.set(v.deviceId, verdictWords(v));
    } finally {
      signal?.removeEventListener('abort', stop);
    }
    for (const t of targets) {
      if (!verdicts.has(t.deviceId)) {
        const stopped = signal?.aborted === true;
        verdicts.set(t.deviceId, {
          pass: false,
          message: stopped ? 'acceptance stopped: no verdict' : 'no verdict',
          text: message(stopped ? 'outcomes.commission.acceptanceStopped' : 'outcomes.commission.noVerdict'),
        });
      }
    }
    return verdicts;
  };
}
