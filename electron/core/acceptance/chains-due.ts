/**
 * When a visit reads `/chains` as well as `/summary`. `/summary` says at every reading what acceptance
 * watches throughout — hash rate, temperatures, fans, shares, the boards listed and their states, and per
 * board how many chips are graded red — so `/chains` (every chip: 19 KB on an S21 Pro, most of a reading's
 * CPU) is read only where it adds something: at the first and the last reading (which chips do not hash,
 * by id, hr 0 included), and between them when `/summary` shows what only `/chains` names — more red chips
 * on a board than are named yet, a board newly in a failing state (its `failure_message`) — or when
 * `/summary` could not be read or listed no boards.
 */
import type { AcceptanceSample, DeviceWindow } from './device-window';
import { FAILING_BOARD_STATES } from './device-window';

export function chainsDue(window: DeviceWindow, sample: AcceptanceSample, edge: boolean): boolean {
  if (edge || sample.summary === undefined || sample.summaryListsBoards !== true) return true;
  return (sample.summary.boards ?? []).some((board, i) => {
    const id = board.id ?? i;
    const red = board.chipStatuses?.red ?? 0;
    if (red > (window.deadChips.get(id)?.size ?? 0)) return true;
    return FAILING_BOARD_STATES.has(board.state ?? '') && !window.failingBoards.has(id);
  });
}
