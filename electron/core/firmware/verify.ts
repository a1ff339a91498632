/**
 * After a device took the image: wait for its reboot, then verify (verdict.ts). Every read is bounded
 * (each with its own timeout; the pause between reads starts at `firstPollMs` and doubles up to `pollMs`:
 * a quick device is seen back at once, a slow one costs a read every few seconds) and everything ends at
 * the deadline.
 *
 * - Until the time it said it goes down, nothing is read (it still answers on the old firmware).
 * - Then `/info` (anonymous) is polled. Silence means it is rebooting. A version other than before means
 *   it is back on new firmware; the old version after it was seen down (or booting) means it came back
 *   on the old firmware — the field fact this rollout exists to catch.
 * - An https device may come back with a new self-signed certificate: reading stops, the rollout asks
 *   the technician once for every updated device of the step (`onCertificateChanged`); trusted, reading
 *   goes on with the new pin; not trusted, nothing is read from it and the verdict says so.
 * - Back on a new version, a device that mined before must mine again: `/status` is read through its
 *   credential (every token died in the reboot: the session manager unlocks again with the stored
 *   password). A failure state that lasts `failureGraceMs` ends it at once.
 */
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import type { CertificateChange } from '../../../shared/domain/firmware';
import type { Clock } from '../clock/clock';
import { REAL_CLOCK } from '../clock/clock';
import type { SessionTarget } from '../credentials/session-target';
import { DeviceError } from '../device/device-error';
import { hostPort } from '../device/network-errors';
import { REBOOT_DOWN_GRACE_MS } from '../monitor/disruption';
import type { FactsDeps, MinerStateFacts } from './device-facts';
import { readInfo, readMinerState } from './device-facts';
import type { BeforeUpdate } from './verdict';
import {
  durationText,
  durationWords,
  isFailureState,
  isMining,
  notBackText,
  notBackWords,
  notMiningText,
  notMiningWords,
  untrustedCertificateText,
  untrustedCertificateWords,
  verifiedText,
  verifiedWords,
  versionProblem,
  versionProblemText,
} from './verdict';
import type { MessageRef } from '../../../shared/i18n/message';
import { message } from '../../../shared/i18n/message';

export interface VerifyTiming {
  /** The first pause between two reads of a rebooting or starting device; it doubles up to `pollMs`. */
  firstPollMs: number;
  /** The longest pause between two reads. */
  pollMs: number;
  /** Each read's own timeout. */
  readTimeoutMs: number;
  /** A failure state lasting this long after the update is the verdict (not waited out to the deadline). */
  failureGraceMs: number;
  /** From going down to answering again, as expected: the words "back in about N s". */
  backEstimateMs: number;
}

export const DEFAULT_VERIFY_TIMING: VerifyTiming = {
  firstPollMs: 250,
  pollMs: 5000,
  readTimeoutMs: 5000,
  failureGraceMs: 60_000,
  backEstimateMs: 180_000,
};

export interface VerifyInput {
  target: SessionTarget;
  before: BeforeUpdate;
  expectVersion?: string;
  /** When it goes down (epoch ms): the time it took the image plus the `after` it said. */
  downAt: number;
  /** When silence becomes a failure (epoch ms). */
  deadlineAt: number;
  /** The deadline's length, for the words ("did not come back within 15 min"). */
  deadlineMs: number;
  /** It rebooted already (an earlier run's update, long enough ago): the old version now is the verdict. */
  alreadyRebooted?: boolean;
  signal: AbortSignal;
  now: () => number;
  /**
   * The run's clock (default the real one): the pauses and each read's timeout are field time on it
   * (a read gets `clock.realMs` of its timeout, never under the real floor); `now` reads it too.
   */
  clock?: Clock;
  timing: VerifyTiming;
  onProgress: (step: 'rebooting' | 'verifying', words: string, backInSeconds?: number) => void;
  /** Its certificate changed: resolves true once the new one is trusted (then reading goes on). */
  onCertificateChanged: (change: CertificateChange) => Promise<boolean>;
}

/** `text`: the words as a key and values (issue 35), for the window and the activity log. */
export type VerifyResult =
  | {
      outcome: 'verified';
      to: string;
      words: string;
      text?: MessageRef;
      certificate?: { before: string; after: string };
    }
  | {
      outcome: 'failed';
      to?: string;
      words: string;
      text?: MessageRef;
      certificate?: { before: string; after: string };
    };

/** Pauses between reads: `firstPollMs`, then twice as long each time, up to `pollMs`. */
function backoff(timing: VerifyTiming): () => number {
  let next = Math.min(timing.firstPollMs, timing.pollMs);
  return () => {
    const now = next;
    next = Math.min(timing.pollMs, next * 2);
    return now;
  };
}

async function pause(ms: number, input: VerifyInput): Promise<void> {
  const left = input.deadlineAt - input.now();
  await (input.clock ?? REAL_CLOCK).sleep(Math.max(0, Math.min(ms, left)), input.signal);
  if (input.signal.aborted) {
    const where = hostPort(input.target.address);
    throw new DeviceError(
      'CANCELLED',
      `Verifying ${where} was cancelled.`,
      {},
      { text: message('errors.firmware.verifyCancelled', { where }) },
    );
  }
}

/** Each read's options: its timeout in real ms on the run's clock. */
const readCall = (input: VerifyInput): { signal: AbortSignal; totalTimeoutMs: number } => ({
  signal: input.signal,
  totalTimeoutMs: (input.clock ?? REAL_CLOCK).realMs(input.timing.readTimeoutMs),
});

function rebootingWords(input: VerifyInput): { words: string; backIn: number } {
  const backAt = input.downAt + input.timing.backEstimateMs;
  const backIn = Math.max(0, Math.ceil((backAt - input.now()) / 1000));
  return {
    words: backIn > 0 ? `rebooting (back in about ${backIn} s)` : 'rebooting (back any moment)',
    backIn,
  };
}

/** Back on a new version: mining again, if it mined before, within the deadline. */
async function awaitMining(
  deps: FactsDeps,
  input: VerifyInput,
  version: string,
  certificate: { before: string; after: string } | undefined,
): Promise<VerifyResult> {
  const { before } = input;
  const cert = certificate !== undefined ? { certificate } : {};
  const verified = { words: verifiedWords(before, version), text: verifiedText(before, version) };
  if (!before.mining) return { outcome: 'verified', to: version, ...verified, ...cert };
  input.onProgress('verifying', `back on ${version}: waiting for it to mine again`);
  let last: MinerStateFacts | undefined;
  let unreadable: string | undefined;
  let failingSince: number | undefined;
  const call = readCall(input);
  const nextPause = backoff(input.timing);
  for (;;) {
    const read = await readMinerState(deps, input.target, call, { anonymousFallback: true });
    if (read.ok) {
      last = read.state;
      unreadable = undefined;
      if (isMining(read.state)) {
        return { outcome: 'verified', to: version, ...verified, ...cert };
      }
      if (isFailureState(read.state)) {
        failingSince ??= input.now();
        if (input.now() - failingSince >= input.timing.failureGraceMs) {
          const text = notMiningText(version, last);
          return { outcome: 'failed', to: version, words: notMiningWords(version, last), text, ...cert };
        }
      } else failingSince = undefined;
    } else unreadable = read.why;
    if (input.now() >= input.deadlineAt) {
      const words = notMiningWords(version, last, unreadable);
      const text = notMiningText(version, last, unreadable);
      return { outcome: 'failed', to: version, words, text, ...cert };
    }
    await pause(nextPause(), input);
  }
}

export async function verifyUpdate(deps: FactsDeps, input: VerifyInput): Promise<VerifyResult> {
  const { before, target } = input;
  const first = rebootingWords(input);
  input.onProgress('rebooting', first.words, first.backIn);
  if (input.downAt > input.now()) await pause(input.downAt - input.now(), input);
  let wentDown = input.alreadyRebooted === true;
  let sawOldVersion = false;
  let certificate: { before: string; after: string } | undefined;
  const call = readCall(input);
  const nextPause = backoff(input.timing);
  while (input.now() < input.deadlineAt) {
    const info = await readInfo(deps, target, call);
    if (!info.ok) {
      if (info.certificate !== undefined) {
        // A new certificate: it rebooted. Read on only through a certificate the technician trusted.
        wentDown = true;
        const change = {
          deviceId: target.deviceId,
          address: formatDeviceAddress(target.address),
          ...info.certificate,
        };
        input.onProgress('verifying', 'its certificate changed after the update: asking whether to trust it');
        if (!(await input.onCertificateChanged(change))) {
          return {
            outcome: 'failed',
            words: untrustedCertificateWords(info.certificate),
            text: untrustedCertificateText(info.certificate),
            certificate: info.certificate,
          };
        }
        certificate = info.certificate;
        continue;
      }
      // Silent: rebooting. An odd answer (a booting web server's 500): it went down too.
      wentDown = true;
      const now = rebootingWords(input);
      input.onProgress('rebooting', now.words, now.backIn);
      await pause(nextPause(), input);
      continue;
    }
    const version = info.identity.version;
    if (version !== undefined && version !== before.version) {
      const problem = versionProblem(before, version, input.expectVersion);
      const text = versionProblemText(before, version, input.expectVersion);
      if (problem !== undefined)
        return {
          outcome: 'failed',
          to: version,
          words: problem,
          text,
          ...(certificate ? { certificate } : {}),
        };
      return awaitMining(deps, input, version, certificate);
    }
    if (version !== undefined) {
      sawOldVersion = true;
      if (!wentDown && input.now() >= input.downAt + REBOOT_DOWN_GRACE_MS) {
        // Rebooted between two reads? A booting state says so.
        const state = await readMinerState(deps, target, call, { anonymousFallback: true });
        if (
          state.ok &&
          state.state !== undefined &&
          /^(initializing|starting)$/i.test(state.state.name.trim())
        ) {
          wentDown = true;
        }
      }
      if (wentDown) {
        const words = versionProblem(before, version, undefined) ?? '';
        return {
          outcome: 'failed',
          to: version,
          words,
          text: versionProblemText(before, version, undefined),
        };
      }
    }
    await pause(nextPause(), input);
  }
  if (sawOldVersion && !wentDown) {
    return {
      outcome: 'failed',
      to: before.version,
      words: `still on ${before.version} after the update (it did not reboot within ${durationWords(input.deadlineMs)})`,
      text: message('outcomes.firmware.stillOnNoReboot', {
        version: before.version,
        within: durationText(input.deadlineMs),
      }),
    };
  }
  return { outcome: 'failed', words: notBackWords(input.deadlineMs), text: notBackText(input.deadlineMs) };
}
