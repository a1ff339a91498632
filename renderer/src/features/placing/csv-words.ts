/**
 * A site-map CSV's preview as a message and counts (pure): how many placements each outcome has, which need
 * the technician's "accept moves", and whether anything may be applied at all (not while a problem remains).
 */
import type { LayoutImportPreview, PlaceOutcome } from '../../../../shared/domain/layout';
import { message } from '../../../../shared/i18n/message';
import type { MessageRef } from '../../../../shared/i18n/message';

/** Placed without asking, asked ("accept moves"), or refused and skipped. */
export type OutcomeGroup = 'place' | 'ask' | 'same' | 'refused';

export function outcomeGroup(outcome: PlaceOutcome): OutcomeGroup {
  if (outcome === 'place') return 'place';
  if (outcome === 'move' || outcome === 'occupied') return 'ask';
  if (outcome === 'already-there') return 'same';
  return 'refused';
}

export interface CsvSummary {
  racksAdded: number;
  racksChanged: number;
  place: number;
  ask: number;
  same: number;
  refused: number;
  problems: number;
  /** Nothing of the file is applied while any problem remains. */
  canApply: boolean;
}

export function csvSummary(preview: LayoutImportPreview): CsvSummary {
  const count = (group: OutcomeGroup): number =>
    preview.placements.filter((p) => outcomeGroup(p.outcome) === group).length;
  return {
    racksAdded: preview.racksAdded.length,
    racksChanged: preview.racksChanged.length,
    place: count('place'),
    ask: count('ask'),
    same: count('same'),
    refused: count('refused'),
    problems: preview.problems.length,
    canApply: preview.problems.length === 0,
  };
}

/** "2 racks added, 1 resized; 48 devices to place, 2 moves to accept, 1 refused": one message, its plurals. */
export function csvSummaryWords(s: CsvSummary): MessageRef {
  return message('placing.csv.summary', {
    racksAdded: s.racksAdded,
    racksChanged: s.racksChanged,
    place: s.place,
    ask: s.ask,
    same: s.same,
    refused: s.refused,
    problems: s.problems,
  });
}
