import { describe, expect, it } from 'vitest';
import { listenForAbort } from '../../../../electron/core/device/abort-fanout';
import { PollControllers } from '../../../../electron/core/monitor/poll-controllers';

describe('poll controllers', () => {
  it('hands a controller whose poll ended unaborted to the next poll', () => {
    const controllers = new PollControllers(4);
    const first = controllers.take();
    controllers.give(first);
    expect(controllers.take()).toBe(first);
  });

  it('never hands out a controller that was aborted (stopped, or its poll ran late)', () => {
    const controllers = new PollControllers(4);
    const aborted = controllers.take();
    aborted.abort();
    controllers.give(aborted);
    expect(controllers.idle).toBe(0);
    const next = controllers.take();
    expect(next).not.toBe(aborted);
    expect(next.signal.aborted).toBe(false);
  });

  it('keeps at most as many as asked (the polls that run at once)', () => {
    const controllers = new PollControllers(2);
    const taken = [controllers.take(), controllers.take(), controllers.take()];
    for (const controller of taken) controllers.give(controller);
    expect(controllers.idle).toBe(2);
    controllers.clear();
    expect(controllers.idle).toBe(0);
  });

  it('a request of a later poll under a reused controller is still told of its abort, and an earlier one is not', () => {
    const controllers = new PollControllers(1);
    const controller = controllers.take();
    const earlier: string[] = [];
    const leaveEarlier = listenForAbort(controller.signal, () => earlier.push('aborted'));
    leaveEarlier(); // the first poll's request ended
    controllers.give(controller);
    const reused = controllers.take();
    expect(reused).toBe(controller);
    const later: string[] = [];
    listenForAbort(reused.signal, () => later.push('aborted'));
    reused.abort();
    expect(later).toEqual(['aborted']);
    expect(earlier).toEqual([]);
  });
});
