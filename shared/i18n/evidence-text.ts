/**
 * A verdict's evidence lines (boards, dead chips by board, hash rate over the window, temperatures, fans,
 * pool shares, readings) in the reader's language (issue 35): the device panel's in the window's, the
 * report's in the report's. The evidence itself is kept as numbers (language-neutral); this says them, with
 * the locale's separators. English readers get shared/format/acceptance-text.ts's lines word for word (the
 * CLI's, the report's English). Zod-free: the window imports it.
 */
import type { AcceptanceEvidence } from '../domain/acceptance';
import { evidenceLines } from '../format/acceptance-text';
import type { EvidenceSource } from '../format/acceptance-text';
import { dateTimeText, numberText } from './formats';
import type { Translator } from './translate';

/** Parts of one line, one after another: punctuation, not words. */
const joined = (parts: readonly string[]): string => parts.join('; ');
/** A number as the locale writes it, up to three decimals (what `${n}` wrote in English). */
const num = (tr: Translator, n: number): string => tr.intl.formatNumber(n, { maximumFractionDigits: 3 });
const ths = (tr: Translator, n: number): string => numberText(tr, n, 2);
const tenths = (n: number): number => Math.round(n * 10) / 10;

function boardsLine(tr: Translator, evidence: AcceptanceEvidence): string {
  const { expected, seen, missing, failing } = evidence.boards;
  const count =
    expected === null
      ? tr.t('report.evidenceLine.boardsUnknown', { seen: seen ?? 0 })
      : missing.length > 0
        ? tr.t('report.evidenceLine.boardsMissing', {
            seen: seen ?? 0,
            expected,
            missing: missing.join(', '),
          })
        : tr.t('report.evidenceLine.boardsPresent', { seen: seen ?? 0, expected });
  const failed = failing.map((b) =>
    b.message === undefined
      ? tr.t('report.evidenceLine.boardFailing', { board: b.board, state: b.state })
      : tr.t('report.evidenceLine.boardFailingSaid', { board: b.board, state: b.state, said: b.message }),
  );
  return tr.t('report.evidenceLine.boards', { parts: joined([count, ...failed]) });
}

function chipsLine(tr: Translator, evidence: AcceptanceEvidence): string {
  if (evidence.deadChips.length === 0) {
    return evidence.chipsSeen > 0
      ? tr.t('report.evidenceLine.chipsAll', { count: evidence.chipsSeen })
      : tr.t('report.evidenceLine.chipsNotListed');
  }
  const boards = evidence.deadChips.map(({ board, count, chips }) => {
    if (chips.length === 0) return tr.t('report.evidenceLine.deadRed', { board, count });
    const more = count - chips.length;
    const ids = chips.join(', ');
    return more > 0
      ? tr.t('report.evidenceLine.deadChipsMore', { board, count, chips: ids, more })
      : tr.t('report.evidenceLine.deadChips', { board, count, chips: ids });
  });
  return tr.t('report.evidenceLine.dead', { boards: joined(boards) });
}

function hashRateLine(tr: Translator, evidence: AcceptanceEvidence): string {
  const { averageThs, nominalThs, percent, lowestThs } = evidence.hashRate;
  if (averageThs === null) return tr.t('report.evidenceLine.hashRateNotRead');
  const values = {
    average: ths(tr, averageThs),
    nominal: nominalThs === null ? '' : ths(tr, nominalThs),
    percent: percent === null ? '' : num(tr, percent),
    lowest: lowestThs === null ? '' : ths(tr, lowestThs),
  };
  if (nominalThs === null) {
    return lowestThs === null
      ? tr.t('report.evidenceLine.hashRateNoNominal', values)
      : tr.t('report.evidenceLine.hashRateNoNominalLowest', values);
  }
  return lowestThs === null
    ? tr.t('report.evidenceLine.hashRate', values)
    : tr.t('report.evidenceLine.hashRateLowest', values);
}

function temperatureLine(tr: Translator, evidence: AcceptanceEvidence): string {
  const { hottestChipC, board, hottestBoardC } = evidence.temperature;
  if (hottestChipC === null) return tr.t('report.evidenceLine.temperaturesNotRead');
  const chip = num(tr, tenths(hottestChipC));
  const pcb = hottestBoardC === null ? '' : num(tr, tenths(hottestBoardC));
  if (board === null) {
    return hottestBoardC === null
      ? tr.t('report.evidenceLine.temperatures', { chip })
      : tr.t('report.evidenceLine.temperaturesPcb', { chip, pcb });
  }
  return hottestBoardC === null
    ? tr.t('report.evidenceLine.temperaturesBoard', { chip, board })
    : tr.t('report.evidenceLine.temperaturesBoardPcb', { chip, board, pcb });
}

function stoppedFan(tr: Translator, fan: AcceptanceEvidence['fans']['stopped'][number]): string {
  const status = fan.status === null || fan.status === 'ok' ? undefined : fan.status;
  if (fan.rpm === null) {
    return status === undefined
      ? tr.t('report.evidenceLine.fanStopped', { id: fan.id })
      : tr.t('report.evidenceLine.fanStoppedStatus', { id: fan.id, status });
  }
  const rpm = num(tr, fan.rpm);
  return status === undefined
    ? tr.t('report.evidenceLine.fanStoppedRpm', { id: fan.id, rpm })
    : tr.t('report.evidenceLine.fanStoppedRpmStatus', { id: fan.id, rpm, status });
}

function fansLine(tr: Translator, evidence: AcceptanceEvidence): string {
  const { count, slowestRpm, stopped } = evidence.fans;
  const fans =
    slowestRpm === null
      ? tr.t('report.evidenceLine.fans', { count })
      : tr.t('report.evidenceLine.fansSlowest', { count, rpm: num(tr, slowestRpm) });
  return joined([fans, ...stopped.map((fan) => stoppedFan(tr, fan))]);
}

function sharesLine(tr: Translator, evidence: AcceptanceEvidence): string {
  const { accepted, rejected, rejectedPercent, restarted } = evidence.shares;
  if (accepted === null) return tr.t('report.evidenceLine.sharesNotCompared');
  const values = {
    accepted,
    rejected: rejected ?? 0,
    percent: rejectedPercent === null ? '' : num(tr, rejectedPercent),
    restarted: restarted ? 'yes' : 'no',
  };
  return rejectedPercent === null
    ? tr.t('report.evidenceLine.shares', values)
    : tr.t('report.evidenceLine.sharesPercent', values);
}

function readingsLine(tr: Translator, acceptance: EvidenceSource): string {
  const { taken, failed, failures } = acceptance.evidence.readings;
  const values = {
    at: dateTimeText(tr, new Date(acceptance.startedAt)),
    minutes: acceptance.criteria.minutes,
    taken,
    failed,
    // The failures' own words ("14:05:10 timed out") as the run kept them.
    failures: joined(failures),
    by: acceptance.by ?? '',
  };
  if (failed > 0) {
    return acceptance.by === undefined
      ? tr.t('report.evidenceLine.watchedMissed', values)
      : tr.t('report.evidenceLine.watchedMissedBy', values);
  }
  return acceptance.by === undefined
    ? tr.t('report.evidenceLine.watched', values)
    : tr.t('report.evidenceLine.watchedBy', values);
}

/** The evidence block's lines in the reader's language, in the order a site owner reads them. */
export function evidenceTexts(tr: Translator, acceptance: EvidenceSource): string[] {
  if (tr.locale === 'en') return evidenceLines(acceptance);
  const { evidence } = acceptance;
  return [
    boardsLine(tr, evidence),
    chipsLine(tr, evidence),
    hashRateLine(tr, evidence),
    temperatureLine(tr, evidence),
    fansLine(tr, evidence),
    sharesLine(tr, evidence),
    readingsLine(tr, acceptance),
  ];
}
