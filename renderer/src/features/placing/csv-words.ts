/**
 * A site-map CSV's preview in words and counts (pure): how many placements each outcome has, which need
 * the technician's "accept moves", and whether anything may be applied at all (not while a problem remains).
 */
import type { LayoutImportPreview, PlaceOutcome } from '../../../../shared/domain/layout';

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

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** "2 racks added, 1 resized; 48 devices placed, 2 moves to accept, 1 refused". */
export function csvSummaryWords(s: CsvSummary): string {
  const racks = [`${plural(s.racksAdded, 'rack')} added`, `${s.racksChanged} resized`].join(', ');
  const places = [
    `${plural(s.place, 'device')} to place`,
    ...(s.ask > 0 ? [`${plural(s.ask, 'move')} to accept`] : []),
    ...(s.same > 0 ? [`${s.same} already there`] : []),
    ...(s.refused > 0 ? [`${s.refused} refused`] : []),
  ].join(', ');
  const problems =
    s.problems > 0 ? `; ${plural(s.problems, 'problem')}: nothing is applied until the file is fixed` : '';
  return `${racks}; ${places}${problems}`;
}
