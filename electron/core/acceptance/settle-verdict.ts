/**
 * The verdict of a device that has not settled: failed at once on what cannot wait — a missing board, dead
 * chips, a fan stopped, a failure state lasting a minute — seen while it settled, or, at the settle limit,
 * `pending` ("still tuning after 15 min (auto-tuning since 14:05): not judged yet"): not a failure, a later
 * run judges it. A device never read at all by the limit is not "tuning": it fails as unreadable.
 *
 * What cannot wait is judged on the readings taken while the boards worked (settling.ts `boardsUp`): a
 * restarting device powers its boards down and may list none, which is no missing board.
 */
import type { AcceptanceCriteria, AcceptanceVerdict, CheckOutcome } from '../../../shared/domain/acceptance';
import { minerStateLook } from '../../../shared/domain/miner-states';
import type { MessageRef } from '../../../shared/i18n/message';
import { message } from '../../../shared/i18n/message';
import type { DeviceWindow } from './device-window';
import { boardsPresentCheck } from './rules/boards';
import { chipsHashingCheck, deadChipsOf } from './rules/chips';
import { fansCheck } from './rules/fans';
import { readableCheck } from './rules/readable';
import { oneDecimal } from './rules/words';
import type { SettleProgress } from './settle-progress';
import { sampleRates } from './settling';
import type { VerdictFacts } from './verdict';
import { evidenceOf, reasonsOf } from './verdict';

const pad = (n: number): string => String(n).padStart(2, '0');
/** "14:05", the laptop's clock. */
const hourMinute = (at: number): string => {
  const date = new Date(at);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** "15 min", "1.5 min", "12 s". */
export function limitWords(minutes: number): string {
  return minutes >= 1 ? `${oneDecimal(minutes)} min` : `${Math.round(minutes * 60)} s`;
}

/** The same as a message: "15 min", "12 s" in the reader's language. */
export function limitText(minutes: number): MessageRef {
  return minutes >= 1
    ? message('outcomes.duration.minutes', { minutes: Math.round(minutes * 10) / 10 })
    : message('outcomes.duration.seconds', { seconds: Math.round(minutes * 60) });
}

/**
 * The checks that fail a device at once, on the readings taken while its boards worked; only those that
 * failed (a check that had nothing to judge yet is no outcome).
 */
export function cannotWait(window: DeviceWindow, progress: SettleProgress): CheckOutcome[] {
  const failed: CheckOutcome[] = [];
  const seen = window.fewestBoards;
  if (window.expectedBoards !== null && seen !== null && seen.count < window.expectedBoards) {
    failed.push(boardsPresentCheck(window));
  }
  if (deadChipsOf(window).length > 0) failed.push(chipsHashingCheck(window));
  if (window.fans.stopped.size > 0) failed.push(fansCheck(window));
  const failure = progress.failure;
  if (failure !== null && failure.lastAt - failure.since >= 60_000) {
    const minutes = Math.floor((failure.lastAt - failure.since) / 60_000);
    failed.push({
      check: 'boards-healthy',
      pass: false,
      words: `${failure.what} in failure for ${minutes === 1 ? 'a minute' : `${minutes} minutes`} (since ${hourMinute(failure.since)})`,
      text: message(
        failure.what === 'the miner'
          ? 'outcomes.acceptance.settle.minerFailing'
          : 'outcomes.acceptance.settle.boardFailing',
        { minutes, since: failure.since },
      ),
    });
  }
  return failed;
}

/** What the device was still doing at the limit: "still tuning", "hash rate still climbing (62 % …)". */
function stillWords(progress: SettleProgress): string {
  const last = progress.lastRead;
  if (last === undefined) return 'still not settled';
  const state = last.minerState;
  const kind = state === undefined ? 'unknown' : minerStateLook(state).kind;
  if (state === undefined || kind === 'mining' || kind === 'unknown') {
    const { realtimeHs, nominalHs } = sampleRates(last);
    const share =
      realtimeHs !== undefined && nominalHs !== undefined
        ? ` (${oneDecimal((realtimeHs / nominalHs) * 100)} % of nominal)`
        : '';
    return `hash rate still climbing${share}`;
  }
  switch (kind) {
    case 'tuning':
      return 'still tuning';
    case 'starting':
      return state === 'restarting' ? 'still restarting' : 'still starting';
    case 'failure':
      return 'in failure';
    default:
      return `still ${state}`;
  }
}

/** The same as a message, its parts in the reader's language (the miner's state stays the device's word). */
function stillText(progress: SettleProgress): MessageRef {
  const last = progress.lastRead;
  if (last === undefined) return message('outcomes.acceptance.settle.notSettled');
  const state = last.minerState;
  const kind = state === undefined ? 'unknown' : minerStateLook(state).kind;
  if (state === undefined || kind === 'mining' || kind === 'unknown') {
    const { realtimeHs, nominalHs } = sampleRates(last);
    return realtimeHs !== undefined && nominalHs !== undefined
      ? message('outcomes.acceptance.settle.climbingShare', {
          percent: Math.round((realtimeHs / nominalHs) * 1000) / 10,
        })
      : message('outcomes.acceptance.settle.climbing');
  }
  if (kind === 'tuning') return message('outcomes.acceptance.settle.tuning');
  if (kind === 'starting') {
    return message(
      state === 'restarting'
        ? 'outcomes.acceptance.settle.restarting'
        : 'outcomes.acceptance.settle.starting',
    );
  }
  if (kind === 'failure') return message('outcomes.acceptance.settle.inFailure');
  return message('outcomes.acceptance.settle.still', { state });
}

/** `pendingWords` as a message: "still tuning after 15 min (auto-tuning since 14:05): not judged yet". */
export function pendingText(progress: SettleProgress, limitMinutes: number): MessageRef {
  const state = progress.lastRead?.minerState;
  const since = progress.stateSince;
  const values = { still: stillText(progress), limit: limitText(limitMinutes) };
  return state !== undefined && since !== null
    ? message('outcomes.acceptance.settle.pendingSince', { ...values, state, since })
    : message('outcomes.acceptance.settle.pending', values);
}

/** "still tuning after 15 min (auto-tuning since 14:05): not judged yet". */
export function pendingWords(progress: SettleProgress, limitMinutes: number): string {
  const state = progress.lastRead?.minerState;
  const since = progress.stateSince;
  const stateWords = state !== undefined && since !== null ? ` (${state} since ${hourMinute(since)})` : '';
  return `${stillWords(progress)} after ${limitWords(limitMinutes)}${stateWords}: not judged yet`;
}

export interface UnsettledFacts extends VerdictFacts {
  criteria: AcceptanceCriteria;
  /** The settle limit applied, in minutes. */
  limitMinutes: number;
}

/**
 * The verdict of a device that did not settle: `failed` (what cannot wait) or, at the limit, pending — or
 * failed as unreadable when no reading of it ever came back.
 */
export function unsettledVerdict(
  window: DeviceWindow,
  progress: SettleProgress,
  failed: readonly CheckOutcome[],
  facts: UnsettledFacts,
): AcceptanceVerdict {
  const neverRead = progress.lastRead === undefined;
  const checks = neverRead && failed.length === 0 ? [readableCheck(window)] : [...failed];
  const verdict = checks.some((check) => !check.pass) ? 'fail' : 'pending';
  return {
    deviceId: facts.deviceId,
    address: facts.address,
    verdict,
    ...(verdict === 'fail'
      ? reasonsOf(checks)
      : {
          reasons: [pendingWords(progress, facts.limitMinutes)],
          reasonTexts: [pendingText(progress, facts.limitMinutes)],
        }),
    checks,
    evidence: evidenceOf(window),
    criteria: { ...facts.criteria },
    startedAt: facts.startedAt.toISOString(),
    endedAt: facts.endedAt.toISOString(),
    settledAt: null,
    settling: [...progress.settling],
  };
}
