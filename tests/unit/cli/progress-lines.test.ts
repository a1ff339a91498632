import { describe, expect, it } from 'vitest';
import {
  createProgressLines,
  PROGRESS_LINE_EVERY_MS,
  startProgressLines,
} from '../../../electron/cli/progress-lines';
import { scaledClock } from '../../../electron/core/clock/clock';
import type { RunProgressView } from '../../../shared/format/time-left-text';
import { timeLeftWords } from '../../../shared/format/time-left-text';

const progress = (done: number, leftMs?: number): RunProgressView => ({
  done,
  total: 10,
  perStep: [{ step: 'firmware', done, running: 10 - done, waiting: 0 }],
  ...(leftMs !== undefined ? { leftMs } : {}),
  words: timeLeftWords(leftMs),
});

describe('CLI progress lines', () => {
  it('at most one line per 30 s of field time, the first at once, none that repeats the last', () => {
    let now = 0;
    const written: string[] = [];
    const lines = createProgressLines({
      now: () => now,
      write: (line) => written.push(line),
      verbs: { firmware: 'updating' },
    });
    lines.offer(progress(0));
    now += 10_000;
    lines.offer(progress(2, 38 * 60_000)); // a step changed, but within 30 s of the last line
    expect(written).toEqual(['firmware 0/10 (10 updating) · estimating…']);
    now += PROGRESS_LINE_EVERY_MS;
    lines.offer(progress(2, 38 * 60_000));
    now += PROGRESS_LINE_EVERY_MS;
    lines.offer(progress(2, 38 * 60_000)); // nothing new: held back
    now += 1_000;
    lines.offer(progress(5, 70 * 60_000));
    expect(written).toEqual([
      'firmware 0/10 (10 updating) · estimating…',
      'firmware 2/10 (8 updating) · about 38 min left',
      'firmware 5/10 (5 updating) · about 1 h 10 min left',
    ]);
  });

  it('makes the estimate (which reads every device) only when a line is due, not at every change', () => {
    let estimates = 0;
    const written: string[] = [];
    // ×1000: the 30 s tick is 30 real ms, far after the changes below.
    const lines = startProgressLines({
      clock: scaledClock(1000, 0),
      write: (line) => written.push(line),
      estimate: () => progress((estimates += 1)),
    });
    for (let i = 0; i < 1_000; i += 1) lines.changed();
    lines.stop();
    expect(estimates).toBe(1);
    expect(written).toHaveLength(1);
  });
});
