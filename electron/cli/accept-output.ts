/**
 * What `minerdeck accept` prints: one line per device as its verdict is made (human, or a JSON line with
 * `address`, `verdict`, `reasons`, `evidence`, `settledAt`, `settling`), progress on stderr while devices
 * settle, and the tally at the end (pending counted apart).
 */
import type { AcceptancePhase, AcceptanceVerdict } from '../../shared/domain/acceptance';
import { verdictWords } from '../../shared/domain/acceptance';
import { formatDuration } from '../../shared/format/duration';

/** `10.0.0.5`, `10.0.0.5:8080`, `https://10.0.0.5`: the address as a technician types it. */
export const shortAddress = (address: string): string => address.replace(/^http:\/\//, '');

/** `10.0.0.7  Failed: 2 of 3 hash boards present (board 3 missing); average hash rate …` */
export function verdictLine(verdict: AcceptanceVerdict): string {
  const head = `${shortAddress(verdict.address)}  ${verdictWords(verdict.verdict)}`;
  return verdict.verdict === 'pass' ? head : `${head}: ${verdict.reasons.join('; ')}`;
}

/** One JSON line: the contract's fields first, then what else a script may want. */
export function verdictJson(verdict: AcceptanceVerdict): string {
  return JSON.stringify({
    address: verdict.address,
    verdict: verdict.verdict,
    reasons: verdict.reasons,
    evidence: verdict.evidence,
    deviceId: verdict.deviceId,
    checks: verdict.checks,
    criteria: verdict.criteria,
    startedAt: verdict.startedAt,
    endedAt: verdict.endedAt,
    settledAt: verdict.settledAt ?? null,
    settling: verdict.settling ?? [],
  });
}

/** Stderr while a device settles or once its window opens: "10.0.0.7  settling (auto-tuning)". */
export function phaseLine(address: string, phase: AcceptancePhase): string {
  if (phase.phase === 'watching') return `${shortAddress(address)}  settled: its window opens now`;
  return `${shortAddress(address)}  settling${phase.state === null ? '' : ` (${phase.state})`}: not judged until it mines with its hash rate up`;
}

/** The exit code of a run: 0 every device passed, 1 any failed, 3 none failed and some are pending. */
export function verdictsExit(verdicts: readonly AcceptanceVerdict[]): 0 | 1 | 3 {
  if (verdicts.some((v) => v.verdict === 'fail')) return 1;
  return verdicts.some((v) => v.verdict === 'pending') ? 3 : 0;
}

const seconds = (minutes: number): string => formatDuration(Math.max(1, Math.round(minutes * 60)));

/** "Watching 200 devices for 30 min once each has settled (up to 15 min) (…)". */
export function startLine(count: number, minutes: number, settleMinutes: number): string {
  const devices = `${count} ${count === 1 ? 'device' : 'devices'}`;
  const settle =
    settleMinutes > 0
      ? ` once each has settled (mining, its hash rate up; up to ${seconds(settleMinutes)})`
      : ' from the first reading';
  return `Watching ${devices} for ${seconds(minutes)}${settle}: readings at the start, about once a minute and at the end (Ctrl-C stops).`;
}

/** "Accepted 180 of 200 devices; 3 failed; 17 pending (not judged yet)." */
export function tallyLine(verdicts: readonly AcceptanceVerdict[]): string {
  const passed = verdicts.filter((v) => v.verdict === 'pass').length;
  const failed = verdicts.filter((v) => v.verdict === 'fail').length;
  const pending = verdicts.length - passed - failed;
  return `Accepted ${passed} of ${verdicts.length} ${verdicts.length === 1 ? 'device' : 'devices'}${failed > 0 ? `; ${failed} failed` : ''}${pending > 0 ? `; ${pending} pending (not judged yet: accept them again later)` : ''}.`;
}
