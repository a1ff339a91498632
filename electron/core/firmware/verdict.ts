/**
 * When an updated device counts as verified, and the words for every other ending (docs/commissioning.md,
 * "Firmware"). Verified means: it answered again within the deadline, reports a firmware version other
 * than before (the expected one, when `--expect-version` was given), and mines again if it mined before
 * (devices have been seen to "finish" an update, reboot, hash — and still report the old version).
 */
import { minerStateLook } from '../../../shared/domain/miner-states';
import type { MessageRef } from '../../../shared/i18n/message';
import { message } from '../../../shared/i18n/message';
import type { MinerStateFacts } from './device-facts';

/** What the device was before its update. */
export interface BeforeUpdate {
  version: string;
  /** It was mining (or tuning, which hashes too): it must mine again to be verified. */
  mining: boolean;
}

/** Hashing states: mining, and auto-tuning (a device often tunes again after an update). */
export function isMining(state: MinerStateFacts | undefined): boolean {
  if (state === undefined) return false;
  const kind = minerStateLook(state.name).kind;
  return kind === 'mining' || kind === 'tuning';
}

export const isFailureState = (state: MinerStateFacts | undefined): boolean =>
  state !== undefined && minerStateLook(state.name).kind === 'failure';

/** "15 min", and under a minute in seconds (short test deadlines). */
export function durationWords(ms: number): string {
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms >= 60_000) return `${(ms / 60_000).toFixed(1)} min`;
  return `${Math.round(ms / 1000)} s`;
}

/** `durationWords` as a message, in the reader's language. */
export function durationText(ms: number): MessageRef {
  return ms >= 60_000
    ? message('outcomes.duration.minutes', { minutes: Math.round(ms / 6000) / 10 })
    : message('outcomes.duration.seconds', { seconds: Math.round(ms / 1000) });
}

export const refusedWords = (deviceText: string): string => `upload refused: ${deviceText}`;

export const notBackWords = (deadlineMs: number): string =>
  `did not come back within ${durationWords(deadlineMs)}`;

export const notBackText = (deadlineMs: number): MessageRef =>
  message('outcomes.firmware.notBack', { within: durationText(deadlineMs) });

/**
 * The version it came back on, judged: undefined when it is a new one (and the expected one), else the
 * failure in words.
 */
export function versionProblem(
  before: BeforeUpdate,
  now: string,
  expect: string | undefined,
): string | undefined {
  if (now === before.version) return `still on ${before.version} after the update`;
  if (expect !== undefined && now !== expect) return `back on ${now}, not on the expected ${expect}`;
  return undefined;
}

/** `versionProblem` as a message (the versions are the device's words). */
export function versionProblemText(
  before: BeforeUpdate,
  now: string,
  expect: string | undefined,
): MessageRef | undefined {
  if (now === before.version) return message('outcomes.firmware.stillOn', { version: before.version });
  if (expect !== undefined && now !== expect)
    return message('outcomes.firmware.notExpected', { version: now, expected: expect });
  return undefined;
}

/** "failure: fan lost (code 3)", "it reports stopped", or why the state could not be read. */
export function minerStateWords(state: MinerStateFacts | undefined, unreadable?: string): string {
  if (state === undefined)
    return unreadable !== undefined
      ? `its state could not be read: ${unreadable}`
      : 'it reports no miner state';
  if (isFailureState(state)) return `failure: ${state.description ?? 'no description given'}`;
  return `it reports ${state.name}`;
}

function minerStateText(state: MinerStateFacts | undefined, unreadable?: string): MessageRef {
  if (state === undefined)
    return unreadable !== undefined
      ? message('outcomes.firmware.stateUnread', { why: unreadable })
      : message('outcomes.firmware.noState');
  if (isFailureState(state))
    return state.description !== undefined
      ? message('outcomes.firmware.failureState', { description: state.description })
      : message('outcomes.firmware.failureNoDescription');
  return message('outcomes.firmware.reportsState', { state: state.name });
}

export const notMiningText = (
  version: string,
  state: MinerStateFacts | undefined,
  unreadable?: string,
): MessageRef =>
  message('outcomes.firmware.notMining', { version, state: minerStateText(state, unreadable) });

export const verifiedText = (before: BeforeUpdate, now: string): MessageRef =>
  message(before.mining ? 'outcomes.firmware.verifiedMining' : 'outcomes.firmware.verified', {
    from: before.version,
    to: now,
  });

export const untrustedCertificateText = (change: { before: string; after: string }): MessageRef =>
  message('outcomes.firmware.certificateUntrusted', { before: change.before, after: change.after });

export const notMiningWords = (
  version: string,
  state: MinerStateFacts | undefined,
  unreadable?: string,
): string => `back on ${version} but not mining (${minerStateWords(state, unreadable)})`;

export const verifiedWords = (before: BeforeUpdate, now: string): string =>
  `verified: ${before.version} → ${now}${before.mining ? ', mining again' : ''}`;

/** A changed certificate the technician did not trust: nothing could be read to verify the update. */
export const untrustedCertificateWords = (change: { before: string; after: string }): string =>
  `certificate changed after the update (trusted ${change.before}, now ${change.after}); the new one was not trusted, so the update could not be verified: trust it (one step for the updated devices) and run again`;
