/**
 * One `abort` listener per signal however many calls share it (abort-fanout.ts): every call still hears
 * the abort, a call that left does not, and the signal is left with nothing of ours once all have left.
 */
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { listenForAbort } from '../../../../electron/core/device/abort-fanout';

const listenersOf = (signal: AbortSignal): number => getEventListeners(signal, 'abort').length;

describe('listenForAbort', () => {
  it('adds one listener to the signal for a thousand calls, and removes it when the last leaves', () => {
    const controller = new AbortController();
    const leaves = Array.from({ length: 1000 }, () => listenForAbort(controller.signal, () => undefined));
    expect(listenersOf(controller.signal)).toBe(1);
    for (const leave of leaves.slice(0, 999)) leave();
    expect(listenersOf(controller.signal)).toBe(1);
    leaves[999]?.();
    expect(listenersOf(controller.signal)).toBe(0);
    // Leaving twice is harmless, and the next call starts afresh.
    leaves[0]?.();
    const leave = listenForAbort(controller.signal, () => undefined);
    expect(listenersOf(controller.signal)).toBe(1);
    leave();
    expect(listenersOf(controller.signal)).toBe(0);
  });

  it('calls every call still registered once on abort, not the ones that left', () => {
    const controller = new AbortController();
    const heard: number[] = [];
    const leaves = [0, 1, 2, 3].map((i) => listenForAbort(controller.signal, () => heard.push(i)));
    leaves[1]?.();
    controller.abort();
    controller.abort();
    expect(heard).toEqual([0, 2, 3]);
    expect(listenersOf(controller.signal)).toBe(0);
    // Leaving after the abort is harmless.
    for (const leave of leaves) leave();
  });

  it('keeps signals apart', () => {
    const a = new AbortController();
    const b = new AbortController();
    const heard: string[] = [];
    listenForAbort(a.signal, () => heard.push('a'));
    const leaveB = listenForAbort(b.signal, () => heard.push('b'));
    a.abort();
    expect(heard).toEqual(['a']);
    leaveB();
    b.abort();
    expect(heard).toEqual(['a']);
  });
});
