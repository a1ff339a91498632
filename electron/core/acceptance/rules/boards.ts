/**
 * The hash boards: all of them present (the fewest `/chains` listed at one reading, against the model's
 * `num_chains`), and none in `failure`, `disconnected` or `stopped` at any reading.
 */
import type { AcceptanceCriteria, CheckOutcome } from '../../../../shared/domain/acceptance';
import type { DeviceWindow } from '../device-window';
import { listed, plural } from './words';

/**
 * Board ids the model has but a reading lacked, when the device numbers its boards 1…n or 0…n-1 (the
 * S21 Pro numbers 1, 2, 3); empty when the numbering says nothing.
 */
export function missingBoards(window: DeviceWindow): number[] {
  const expected = window.expectedBoards;
  const seen = window.fewestBoards;
  // With no board seen, the numbering is unknown: the count says it all.
  if (expected === null || seen === null || seen.count === 0 || seen.count >= expected) return [];
  const ids = new Set(seen.ids);
  const base = seen.ids.some((id) => id === 0) ? 0 : 1;
  if (seen.ids.some((id) => id < base || id >= base + expected)) return [];
  const missing: number[] = [];
  for (let id = base; id < base + expected; id += 1) if (!ids.has(id)) missing.push(id);
  return missing;
}

export function boardsPresentCheck(window: DeviceWindow, _criteria?: AcceptanceCriteria): CheckOutcome {
  const expected = window.expectedBoards;
  const seen = window.fewestBoards;
  if (expected === null) {
    const why = window.modelError !== undefined ? ` (/model: ${window.modelError})` : '';
    return {
      check: 'boards-present',
      pass: false,
      words: `the number of hash boards the model has is unknown${why}`,
    };
  }
  if (seen === null) {
    return { check: 'boards-present', pass: false, words: 'the hash boards could not be read (/chains)' };
  }
  if (seen.count >= expected) {
    return {
      check: 'boards-present',
      pass: true,
      words: `${seen.count} of ${plural(expected, 'hash board')} present`,
    };
  }
  const missing = missingBoards(window);
  const which =
    missing.length > 0 ? ` (${missing.length === 1 ? 'board' : 'boards'} ${listed(missing)} missing)` : '';
  return {
    check: 'boards-present',
    pass: false,
    words: `${seen.count} of ${plural(expected, 'hash board')} present${which}`,
  };
}

export function boardsHealthyCheck(window: DeviceWindow, _criteria?: AcceptanceCriteria): CheckOutcome {
  if (window.fewestBoards === null) {
    return {
      check: 'boards-healthy',
      pass: false,
      words: 'the hash boards’ states could not be read (/chains)',
    };
  }
  const failing = [...window.failingBoards].sort(([a], [b]) => a - b);
  if (failing.length === 0) {
    return { check: 'boards-healthy', pass: true, words: 'no board in failure, disconnected or stopped' };
  }
  const each = failing.map(
    ([board, { state, message }]) =>
      `board ${board} ${state}${message !== undefined && message !== '' ? ` (“${message}”)` : ''}`,
  );
  return { check: 'boards-healthy', pass: false, words: listed(each) };
}
