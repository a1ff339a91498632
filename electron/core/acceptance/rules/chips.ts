/**
 * Every chip hashing: per board, the chips `/chains` showed with `hr` 0 while the board mined, or graded
 * red, at any reading — counted and named. A board whose chips `/chains` did not list is judged by
 * `/summary`'s `chip_statuses.red` count (counted, not named).
 */
import type { AcceptanceCriteria, CheckOutcome, DeadChips } from '../../../../shared/domain/acceptance';
import { MAX_NAMED_CHIPS } from '../../../../shared/domain/acceptance';
import { message } from '../../../../shared/i18n/message';
import type { DeviceWindow } from '../device-window';
import { count, idList, listed, plural } from './words';

/** Per board (in board order), the chips that did not hash; a board known only by its red count names none. */
export function deadChipsOf(window: DeviceWindow): DeadChips[] {
  const boards = new Map<number, DeadChips>();
  for (const [board, chips] of window.deadChips) {
    const ids = [...chips].sort((a, b) => a - b);
    boards.set(board, { board, count: ids.length, chips: ids.slice(0, MAX_NAMED_CHIPS) });
  }
  // `/summary`'s grades stand for boards `/chains` told nothing about (no chip listed there).
  if (window.chipsSeen === 0) {
    for (const [board, red] of window.redByBoard) {
      if (red > 0 && !boards.has(board)) boards.set(board, { board, count: red, chips: [] });
    }
  }
  return [...boards.values()].sort((a, b) => a.board - b.board);
}

/** "chips 5 and 6", "chip 9", "chips 1, 2, … and 6 more", or "4 graded red" when none is named. */
function boardWords(board: DeadChips): string {
  if (board.chips.length === 0) return `${count(board.count)} graded red`;
  const more = board.count - board.chips.length;
  const ids = more > 0 ? `${board.chips.join(', ')} and ${count(more)} more` : listed(board.chips);
  return `${board.count === 1 ? 'chip' : 'chips'} ${ids}`;
}

export function chipsHashingCheck(window: DeviceWindow, _criteria?: AcceptanceCriteria): CheckOutcome {
  const dead = deadChipsOf(window);
  if (dead.length === 0) {
    if (window.chipsSeen === 0 && window.redByBoard.size === 0) {
      return {
        check: 'chips-hashing',
        pass: false,
        words: 'the chips could not be checked (no chip listed by /chains)',
        text: message('outcomes.acceptance.chips.unchecked'),
      };
    }
    const seen = window.chipsSeen > 0 ? ` (${plural(window.chipsSeen, 'chip')})` : '';
    const text =
      window.chipsSeen > 0
        ? message('outcomes.acceptance.chips.allCounted', { count: window.chipsSeen })
        : message('outcomes.acceptance.chips.all');
    return { check: 'chips-hashing', pass: true, words: `every chip hashing${seen}`, text };
  }
  const total = dead.reduce((sum, board) => sum + board.count, 0);
  const perBoard = dead.map((board) => `board ${board.board}: ${boardWords(board)}`);
  return {
    check: 'chips-hashing',
    pass: false,
    words: `${plural(total, 'chip')} not hashing (${perBoard.join('; ')})`,
    text: message('outcomes.acceptance.chips.dead', {
      count: total,
      boardCount: dead.length,
      boards: idList(dead.map((board) => board.board)),
    }),
  };
}
