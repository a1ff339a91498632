/**
 * A device's verdict from its window: every check (rules/*.ts) in order, `fail` when any failed, the failed
 * checks' words as the reasons, and the numbers behind them as evidence. Pure: the same window and
 * criteria always give the same verdict.
 */
import type {
  AcceptanceCriteria,
  AcceptanceEvidence,
  AcceptanceVerdict,
  CheckOutcome,
} from '../../../shared/domain/acceptance';
import type { MessageRef } from '../../../shared/i18n/message';
import type { DeviceWindow } from './device-window';
import { boardsHealthyCheck, boardsPresentCheck, missingBoards } from './rules/boards';
import { chipsHashingCheck, deadChipsOf } from './rules/chips';
import { fansCheck } from './rules/fans';
import { hashRateCheck, hashRateFigures } from './rules/hash-rate';
import { poolCheck, rejectedPercent } from './rules/pool';
import { readableCheck } from './rules/readable';
import { chipTemperatureCheck } from './rules/temperature';

type Rule = (window: DeviceWindow, criteria: AcceptanceCriteria) => CheckOutcome;

/** In ACCEPTANCE_CHECKS order. */
export const RULES: readonly Rule[] = [
  readableCheck,
  boardsPresentCheck,
  boardsHealthyCheck,
  chipsHashingCheck,
  hashRateCheck,
  chipTemperatureCheck,
  fansCheck,
  poolCheck,
];

export function evidenceOf(window: DeviceWindow): AcceptanceEvidence {
  const { shares } = window;
  const sharesRead = shares.last !== null && shares.compared > 0;
  return {
    preset: window.preset,
    readings: { taken: window.taken, failed: window.failed, failures: [...window.failures] },
    boards: {
      expected: window.expectedBoards,
      seen: window.fewestBoards?.count ?? null,
      missing: missingBoards(window),
      failing: [...window.failingBoards]
        .sort(([a], [b]) => a - b)
        .map(([board, state]) => ({ board, ...state })),
    },
    deadChips: deadChipsOf(window),
    chipsSeen: window.chipsSeen,
    hashRate: hashRateFigures(window),
    temperature: {
      hottestChipC: window.hottestChip?.celsius ?? null,
      board: window.hottestChip?.board ?? null,
      hottestBoardC: window.hottestBoardC,
    },
    fans: {
      count: window.fans.count,
      slowestRpm: window.fans.slowestRpm,
      stopped: [...window.fans.stopped].sort(([a], [b]) => a - b).map(([id, fan]) => ({ id, ...fan })),
    },
    shares: {
      accepted: sharesRead ? shares.accepted : null,
      rejected: sharesRead ? shares.rejected : null,
      rejectedPercent: sharesRead ? rejectedPercent(window) : null,
      restarted: shares.restarted,
    },
  };
}

/**
 * The failed checks' words, and the same as keys and values (issue 35) when every one has them: the window
 * renders those in its language, the site keeps them language-neutral.
 */
export function reasonsOf(checks: readonly CheckOutcome[]): {
  reasons: string[];
  reasonTexts?: MessageRef[];
} {
  const failed = checks.filter((check) => !check.pass);
  const texts = failed.flatMap((check) => (check.text !== undefined ? [check.text] : []));
  const reasons = failed.map((check) => check.words);
  return failed.length > 0 && texts.length === failed.length ? { reasons, reasonTexts: texts } : { reasons };
}

export interface VerdictFacts {
  deviceId: string;
  address: string;
  startedAt: Date;
  endedAt: Date;
}

export function verdictOf(
  window: DeviceWindow,
  criteria: AcceptanceCriteria,
  facts: VerdictFacts,
): AcceptanceVerdict {
  const checks = RULES.map((rule) => rule(window, criteria));
  const said = reasonsOf(checks);
  return {
    deviceId: facts.deviceId,
    address: facts.address,
    verdict: said.reasons.length === 0 ? 'pass' : 'fail',
    ...said,
    checks,
    evidence: evidenceOf(window),
    criteria: { ...criteria },
    startedAt: facts.startedAt.toISOString(),
    endedAt: facts.endedAt.toISOString(),
  };
}
