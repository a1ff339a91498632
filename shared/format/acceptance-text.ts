/**
 * How a device's acceptance reads in the report (printed page, the app's preview, CSV) and the device
 * panel: the table's short cells, and the evidence block's lines — boards, dead chips by board, hash rate
 * over the window, temperatures, fans, pool shares, readings. One wording everywhere.
 */
import type { AcceptanceEvidence } from '../domain/acceptance';
import { verdictWords } from '../domain/acceptance-words';
import type { ReportAcceptance, ReportDevice } from '../domain/report';
import { localTime } from './report-text';

const grouped = (n: number): string => n.toLocaleString('en-US');
const ths = (n: number): string =>
  n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const degrees = (n: number): string => `${Math.round(n * 10) / 10} °C`;

/** `10.0.0.5`, `10.0.0.5:8080`, `https://10.0.0.5`: http is what a device speaks unless said. */
export const shortAddress = (address: string): string => address.replace(/^http:\/\//, '');

/** The table's hash-rate cell: the window's average when accepted (the proof), else the last reading's. */
export function hashRatePercentText(device: Pick<ReportDevice, 'acceptance' | 'hashRateShare'>): string {
  const proven = device.acceptance?.evidence.hashRate.percent ?? null;
  if (proven !== null) return `${proven} %`;
  return device.hashRateShare === null ? '' : `${Math.round(device.hashRateShare * 1000) / 10} %`;
}

/** The table's hottest-chip cell: the hottest over the window when accepted, else the last reading's. */
export function hottestChipText(device: Pick<ReportDevice, 'acceptance' | 'chipTempMax'>): string {
  const proven = device.acceptance?.evidence.temperature.hottestChipC ?? null;
  const value = proven ?? device.chipTempMax;
  return value === null ? '' : degrees(value);
}

/**
 * The table's verdict cell: "Accepted", "Failed", "Pending" (not judged yet), "not run"; and the state when
 * it is not online now.
 */
export function verdictCellText(device: Pick<ReportDevice, 'acceptance' | 'state'>): string {
  const verdict = device.acceptance === null ? 'not run' : verdictWords(device.acceptance.verdict);
  return device.state === 'online' || device.state === 'not-checked'
    ? verdict
    : `${verdict} · ${device.state}`;
}

function boardsLine(evidence: AcceptanceEvidence): string {
  const { expected, seen, missing, failing } = evidence.boards;
  const parts = [
    expected === null
      ? `${seen ?? 0} seen (the model's count is unknown)`
      : `${seen ?? 0} of ${expected} present${missing.length > 0 ? ` (missing: ${missing.join(', ')})` : ''}`,
    ...failing.map((b) => `board ${b.board} ${b.state}${b.message !== undefined ? ` (“${b.message}”)` : ''}`),
  ];
  return `Boards: ${parts.join('; ')}`;
}

function chipsLine(evidence: AcceptanceEvidence): string {
  if (evidence.deadChips.length === 0) {
    return evidence.chipsSeen > 0 ? `Chips: all ${grouped(evidence.chipsSeen)} hashing` : 'Chips: not listed';
  }
  const boards = evidence.deadChips.map((board) => {
    if (board.chips.length === 0) return `board ${board.board}: ${board.count} graded red`;
    const more = board.count - board.chips.length;
    return `board ${board.board}: ${board.count} (chips ${board.chips.join(', ')}${more > 0 ? ` and ${more} more` : ''})`;
  });
  return `Dead chips: ${boards.join('; ')}`;
}

function hashRateLine(evidence: AcceptanceEvidence): string {
  const { averageThs, nominalThs, percent, lowestThs } = evidence.hashRate;
  if (averageThs === null) return 'Hash rate: not read';
  const nominal =
    nominalThs === null ? 'nominal unknown' : `of ${ths(nominalThs)} TH/s nominal (${percent} %)`;
  const lowest = lowestThs === null ? '' : `, lowest ${ths(lowestThs)} TH/s`;
  return `Hash rate over the window: ${ths(averageThs)} TH/s average ${nominal}${lowest}`;
}

function temperatureLine(evidence: AcceptanceEvidence): string {
  const { hottestChipC, board, hottestBoardC } = evidence.temperature;
  if (hottestChipC === null) return 'Temperatures: not read';
  const where = board === null ? '' : ` (board ${board})`;
  const pcb = hottestBoardC === null ? '' : `, hottest board ${degrees(hottestBoardC)}`;
  return `Temperatures: hottest chip ${degrees(hottestChipC)}${where}${pcb}`;
}

function fansLine(evidence: AcceptanceEvidence): string {
  const { count, slowestRpm, stopped } = evidence.fans;
  const stops = stopped.map(
    (fan) =>
      `fan ${fan.id} stopped (${[fan.rpm === null ? null : `${grouped(fan.rpm)} rpm`, fan.status].filter((p) => p !== null && p !== 'ok').join(', ')})`,
  );
  const slowest = slowestRpm === null ? '' : `, slowest ${grouped(slowestRpm)} rpm`;
  return `Fans: ${count}${slowest}${stops.length > 0 ? `; ${stops.join('; ')}` : ''}`;
}

function sharesLine(evidence: AcceptanceEvidence): string {
  const { accepted, rejected, rejectedPercent, restarted } = evidence.shares;
  if (accepted === null) return 'Pool shares: not compared';
  const share = rejectedPercent === null ? '' : ` (${rejectedPercent} %)`;
  return `Pool shares over the window: ${grouped(accepted)} accepted, ${grouped(rejected ?? 0)} rejected${share}${restarted ? '; the miner restarted meanwhile' : ''}`;
}

/** What the evidence lines read of a verdict (a kept one says which laptop ran it). */
export type EvidenceSource = Pick<ReportAcceptance, 'evidence' | 'criteria' | 'startedAt'> & { by?: string };

function readingsLine(acceptance: EvidenceSource): string {
  const { taken, failed, failures } = acceptance.evidence.readings;
  const window = `${localTime(acceptance.startedAt)} for ${acceptance.criteria.minutes} min`;
  const missed = failed > 0 ? `, ${failed} not read (${failures.join('; ')})` : '';
  return `Watched ${window}: ${taken} readings${missed}${acceptance.by === undefined ? '' : `; by ${acceptance.by}`}`;
}

/** The evidence block's lines, in the order a site owner reads them. */
export function evidenceLines(acceptance: EvidenceSource): string[] {
  const { evidence } = acceptance;
  return [
    boardsLine(evidence),
    chipsLine(evidence),
    hashRateLine(evidence),
    temperatureLine(evidence),
    fansLine(evidence),
    sharesLine(evidence),
    readingsLine(acceptance),
  ];
}

/** "≥ 95 % of nominal, chips ≤ 85 °C, rejected ≤ 2 %, over 30 min": the standard a verdict was made to. */
export function criteriaText(criteria: ReportAcceptance['criteria']): string {
  return `hash rate ≥ ${criteria.minHashratePercent} % of nominal, chips ≤ ${criteria.maxChipTempC} °C, every board, chip and fan working, rejected shares ≤ ${criteria.maxRejectedPercent} %, watched ${criteria.minutes} min`;
}

/**
 * What an import did with the file's acceptance verdicts, in one sentence; undefined when the file had
 * none. "Acceptance verdicts: 3 added, 1 replaced by a newer run in the file, 2 kept (newer here)."
 */
export function importedVerdictsText(
  counts: { added: number; replaced: number; keptOurs: number; waiting: number } | undefined,
): string | undefined {
  if (counts === undefined) return undefined;
  const parts = [
    counts.added > 0 ? `${counts.added} added` : '',
    counts.replaced > 0 ? `${counts.replaced} replaced by a newer run in the file` : '',
    counts.keptOurs > 0 ? `${counts.keptOurs} kept (the run here is newer)` : '',
    counts.waiting > 0
      ? `${counts.waiting} not taken: their device waits for you to accept it (import the file again after that)`
      : '',
  ].filter((part) => part !== '');
  return parts.length === 0 ? undefined : `Acceptance verdicts: ${parts.join(', ')}.`;
}
