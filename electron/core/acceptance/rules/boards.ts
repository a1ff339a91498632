/**
 * The hash boards: all of them present (the fewest `/chains` listed at one reading, against the model's
 * `num_chains`), and none in `failure`, `disconnected` or `stopped` at any reading.
 */
import type { AcceptanceCriteria, CheckOutcome } from '../../../../shared/domain/acceptance';
import { message } from '../../../../shared/i18n/message';
import type { DeviceWindow } from '../device-window';
import { idList, listed, plural } from './words';

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
      text:
        window.modelError !== undefined
          ? message('outcomes.acceptance.boards.modelUnknownWhy', { why: window.modelError })
          : message('outcomes.acceptance.boards.modelUnknown'),
    };
  }
  if (seen === null) {
    return {
      check: 'boards-present',
      pass: false,
      words: 'the hash boards could not be read (/chains)',
      text: message('outcomes.acceptance.boards.unread'),
    };
  }
  if (seen.count >= expected) {
    return {
      check: 'boards-present',
      pass: true,
      words: `${seen.count} of ${plural(expected, 'hash board')} present`,
      text: message('outcomes.acceptance.boards.present', { seen: seen.count, expected }),
    };
  }
  const missing = missingBoards(window);
  const which =
    missing.length > 0 ? ` (${missing.length === 1 ? 'board' : 'boards'} ${listed(missing)} missing)` : '';
  return {
    check: 'boards-present',
    pass: false,
    words: `${seen.count} of ${plural(expected, 'hash board')} present${which}`,
    text:
      missing.length > 0
        ? message('outcomes.acceptance.boards.missing', {
            seen: seen.count,
            expected,
            count: missing.length,
            boards: idList(missing),
          })
        : message('outcomes.acceptance.boards.present', { seen: seen.count, expected }),
  };
}

export function boardsHealthyCheck(window: DeviceWindow, _criteria?: AcceptanceCriteria): CheckOutcome {
  if (window.fewestBoards === null) {
    return {
      check: 'boards-healthy',
      pass: false,
      words: 'the hash boards’ states could not be read (/chains)',
      text: message('outcomes.acceptance.boards.statesUnread'),
    };
  }
  const failing = [...window.failingBoards].sort(([a], [b]) => a - b);
  if (failing.length === 0) {
    return {
      check: 'boards-healthy',
      pass: true,
      words: 'no board in failure, disconnected or stopped',
      text: message('outcomes.acceptance.boards.healthy'),
    };
  }
  const each = failing.map(
    ([board, { state, message }]) =>
      `board ${board} ${state}${message !== undefined && message !== '' ? ` (“${message}”)` : ''}`,
  );
  // The states (failure, disconnected, stopped) and the boards' own messages are the device's words.
  const states = failing.map(
    ([board, { state, message: said }]) =>
      `${board} ${state}${said !== undefined && said !== '' ? ` (“${said}”)` : ''}`,
  );
  const text = message('outcomes.acceptance.boards.failing', {
    count: failing.length,
    boards: states.join('; '),
  });
  return { check: 'boards-healthy', pass: false, words: listed(each), text };
}
