/**
 * Expected disruptions (docs/design.md, Commissioning actions 7): a device this laptop just rebooted, or whose
 * mining it restarted, is shown `rebooting` / `restarting` — with the time it said — instead of raising an
 * offline alarm, until it answers again (a reboot: after it went down; a restart: mining again) or a
 * deadline passes; then the usual states and alarms apply. Pure rules, used by the state machine.
 */
import { minerStateLook } from '../../../shared/domain/miner-states';

export const DISRUPTION_KINDS = ['rebooting', 'restarting'] as const;
export type DisruptionKind = (typeof DISRUPTION_KINDS)[number];

export interface ExpectedDisruption {
  kind: DisruptionKind;
  /** When the reboot or restart was asked for (epoch ms). */
  since: number;
  /** A reboot: when the device said it goes down (`after`); it may answer as before until shortly after. */
  downAt?: number;
  /** When it should be back: the words "back in about N s". */
  backAt: number;
  /** The deadline: past it, silence is the usual offline alarm again. */
  until: number;
  /** A reboot: a poll found it silent since the request, so its next answer means it is back. */
  wentDown?: boolean;
  /** A reboot caused by a firmware update: shown as "updating (back in about N s)". */
  cause?: DisruptionCause;
}

/** Why a device reboots when it is not a plain reboot: a firmware update (docs/commissioning.md, Firmware). */
export type DisruptionCause = 'firmware';

/**
 * How long after the time it said a rebooting device may still answer as if nothing happened (firmware
 * stops its web server a moment after `after`), before an ordinary answer counts as "back".
 */
export const REBOOT_DOWN_GRACE_MS = 15_000;

/** Details of an expected disruption beyond its deadline (epoch ms). */
export interface DisruptionDetail {
  /** When it was asked for; default now. */
  since?: number;
  /** A reboot: when the device said it goes down. */
  downAtMs?: number;
  /** When it should be back; default the deadline. */
  backAtMs?: number;
  cause?: DisruptionCause;
}

export function expectedDisruption(
  kind: DisruptionKind,
  untilMs: number,
  detail: DisruptionDetail,
  now: number,
): ExpectedDisruption {
  return {
    kind,
    since: detail.since ?? now,
    backAt: detail.backAtMs ?? untilMs,
    until: untilMs,
    ...(detail.downAtMs !== undefined ? { downAt: detail.downAtMs } : {}),
    ...(detail.cause !== undefined ? { cause: detail.cause } : {}),
  };
}

/** Miner states a reboot or restart by someone else shows before (or after) the device falls silent. */
const DISRUPTED_STATES = new Set(['shutting-down', 'restarting', 'initializing', 'starting']);
const SILENT = new Set(['UNREACHABLE', 'TIMEOUT']);

/**
 * Whether a poll's outcome may come from a reboot or restart another process asked for (silence, or a
 * shutting-down or booting state) while none is known: worth a look in the activity log.
 */
export function mayBeDisrupted(
  machine: { expected?: ExpectedDisruption },
  event:
    | { kind: 'answered'; reading: { state: { name: string } } }
    | { kind: 'failed'; failure: { code: string } },
): boolean {
  if (machine.expected !== undefined) return false;
  if (event.kind === 'failed') return SILENT.has(event.failure.code);
  return DISRUPTED_STATES.has(event.reading.state.name.trim().toLowerCase());
}

export const isDisruptionKind = (state: string): state is DisruptionKind =>
  (DISRUPTION_KINDS as readonly string[]).includes(state);

/**
 * "rebooting (back in about 95 s)", "restarting mining (back in about 60 s)", "updating (back in about
 * 170 s)" for a reboot that installs firmware: set once, when expected.
 */
export function disruptionWords(d: ExpectedDisruption, now: number): string {
  const seconds = Math.max(0, Math.ceil((d.backAt - now) / 1000));
  const back = seconds > 0 ? `back in about ${seconds} s` : 'back any moment';
  if (d.cause === 'firmware') return `updating (${back})`;
  return d.kind === 'rebooting' ? `rebooting (${back})` : `restarting mining (${back})`;
}

/** What the device is still expected to do, in the words of the offline alarm once the deadline passed. */
export const overdueWords = (d: ExpectedDisruption): string =>
  d.cause === 'firmware'
    ? 'did not come back after the firmware update'
    : d.kind === 'rebooting'
      ? 'did not come back after the reboot'
      : 'did not come back after the mining restart';

/**
 * Whether an answer with this miner state is still part of the disruption. A reboot: before the device
 * was seen down, `shutting-down` (or anything but a booting state, until shortly after the time it said)
 * is the old run finishing; once it went down, any answer means it is back. A restart: until it reports
 * mining, tuning or a failure (a failure is news: the usual alarm).
 */
export function answerStillDisrupted(d: ExpectedDisruption, minerState: string, now: number): boolean {
  const kind = minerStateLook(minerState).kind;
  if (d.kind === 'restarting') return kind === 'starting' || kind === 'stopped' || kind === 'unknown';
  if (d.wentDown === true) return false;
  if (minerState.trim().toLowerCase() === 'shutting-down') return true;
  return kind !== 'starting' && now < (d.downAt ?? d.since) + REBOOT_DOWN_GRACE_MS;
}
