import { describe, expect, it } from 'vitest';
import { createProgressLines, PROGRESS_LINE_EVERY_MS } from '../../../electron/cli/progress-lines';
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
});
