/** The evidence of a healthy device's acceptance and a pending verdict's words, for the window's tests. */
import type { AcceptanceEvidence } from '../../../shared/domain/acceptance';

export const PENDING_REASON = 'still tuning after 15 min (auto-tuning since 14:05): not judged yet';

export const healthyEvidence = (): AcceptanceEvidence => ({
  preset: '3200',
  readings: { taken: 3, failed: 0, failures: [] },
  boards: { expected: 3, seen: 3, missing: [], failing: [] },
  deadChips: [],
  chipsSeen: 195,
  hashRate: { averageThs: 200, nominalThs: 200, percent: 100, lowestThs: 199 },
  temperature: { hottestChipC: 70, board: 1, hottestBoardC: 55 },
  fans: { count: 4, slowestRpm: 5000, stopped: [] },
  shares: { accepted: 180, rejected: 0, rejectedPercent: 0, restarted: false },
});
