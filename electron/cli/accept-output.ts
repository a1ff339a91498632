/**
 * What `minerdeck accept` prints: one line per device as its verdict settles (human, or a JSON line with
 * `address`, `verdict`, `reasons`, `evidence`), and the tally at the end.
 */
import type { AcceptanceVerdict } from '../../shared/domain/acceptance';
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
  });
}

/** "Watching 200 devices for 30 min (…)". */
export function startLine(count: number, minutes: number, endsAt: Date): string {
  const devices = `${count} ${count === 1 ? 'device' : 'devices'}`;
  const window = formatDuration(Math.max(1, Math.round(minutes * 60)));
  const ends = endsAt.toTimeString().slice(0, 8);
  return `Watching ${devices} for ${window}, ends about ${ends}: readings at the start, about once a minute and at the end (Ctrl-C stops).`;
}

/** "Accepted 197 of 200 devices; 3 failed." */
export function tallyLine(verdicts: readonly AcceptanceVerdict[]): string {
  const passed = verdicts.filter((v) => v.verdict === 'pass').length;
  const failed = verdicts.length - passed;
  return `Accepted ${passed} of ${verdicts.length} ${verdicts.length === 1 ? 'device' : 'devices'}${failed > 0 ? `; ${failed} failed` : ''}.`;
}
