import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MonitorDeviceView, MonitorDiff } from '../../../../shared/domain/monitor';
import { MONITOR_STATES } from '../../../../shared/domain/monitor';
import type { AppEvent } from '../../../../shared/ipc/events';
import { eventBatchSchema } from '../../../../shared/ipc/events';
import { decodeMonitorDiff, quantizeDiff } from '../../../../shared/ipc/monitor-diff-codec';
import { monitorDiffWireSchema } from '../../../../shared/ipc/monitor-diff-wire';
import { createEventHub } from '../../../../electron/core/events/event-hub';
import { DiffEmitter } from '../../../../electron/core/monitor/diff-emitter';

const view = (deviceId: string, reason: string): MonitorDeviceView => ({
  deviceId,
  address: `http://${deviceId}`,
  state: 'online',
  reason,
  since: 0,
  missedPolls: 0,
  reading: { minerState: 'mining', minerKind: 'mining', hashRate: 1e14 },
  alerts: [],
});

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

function setup() {
  const current = new Map<string, MonitorDeviceView>();
  const hub = createEventHub({ intervalMs: 100 });
  const batches: (readonly AppEvent[])[] = [];
  hub.subscribe((batch) => batches.push(batch));
  const byState = Object.fromEntries(MONITOR_STATES.map((s) => [s, 0])) as Record<
    (typeof MONITOR_STATES)[number],
    number
  >;
  const emitter = new DiffEmitter(
    {
      view: (id) => current.get(id),
      totals: () => ({
        devices: current.size,
        byState,
        hashRate: 0,
        nominalHashRate: 0,
        powerW: 0,
        activeAlerts: 0,
      }),
    },
    { intervalMs: 100, now: Date.now, events: hub },
  );
  return { current, emitter, batches, hub };
}

describe('monitor diffs', () => {
  it('sends each changed device once per diff, as it is at the time of the diff', async () => {
    const { current, emitter } = setup();
    const diffs: unknown[] = [];
    emitter.subscribe((diff) => diffs.push(diff));
    current.set('a', view('a', 'first'));
    emitter.markDirty('a');
    current.set('a', view('a', 'second'));
    emitter.markDirty('a');
    current.set('b', view('b', 'only'));
    emitter.markDirty('b');
    await vi.advanceTimersByTimeAsync(0);
    expect(diffs).toEqual([
      expect.objectContaining({ devices: [view('a', 'second'), view('b', 'only')], removed: [], raised: [] }),
    ]);
  });

  it('sends at most ten diffs a second however many devices change, one hub event each', async () => {
    const { current, emitter, batches, hub } = setup();
    let diffs = 0;
    emitter.subscribe(() => (diffs += 1));
    for (let t = 0; t < 1000; t += 5) {
      for (let d = 0; d < 20; d += 1) {
        current.set(`d${d}`, view(`d${d}`, `at ${t}`));
        emitter.markDirty(`d${d}`);
      }
      await vi.advanceTimersByTimeAsync(5);
    }
    emitter.close();
    hub.flush();
    expect(diffs).toBeLessThanOrEqual(11);
    const events = batches.flat();
    expect(events.every((e) => e.type === 'monitor:diff')).toBe(true);
    expect(events).toHaveLength(diffs);
    // Every batch is what the renderer accepts.
    for (const batch of batches) expect(eventBatchSchema.safeParse(batch).success).toBe(true);
  });

  it('sends the window the same diff in its wire form, as the subscribers in this process see it', async () => {
    const { current, emitter, batches, hub } = setup();
    const diffs: MonitorDiff[] = [];
    emitter.subscribe((diff) => diffs.push(diff));
    current.set('a', { ...view('a', 'first'), alerts: ['temperature'] });
    emitter.markDirty('a');
    current.set('b', view('b', 'other'));
    emitter.markDirty('b');
    await vi.advanceTimersByTimeAsync(0);
    hub.flush();
    const event = batches.flat()[0];
    expect(event?.type).toBe('monitor:diff');
    if (event?.type !== 'monitor:diff') return;
    expect(monitorDiffWireSchema.safeParse(event.payload).success).toBe(true);
    expect(decodeMonitorDiff(event.payload)).toEqual(quantizeDiff(diffs[0]!));
    expect(decodeMonitorDiff(event.payload).devices.map((d) => d.reason)).toEqual(['first', 'other']);
  });

  it('reports removed devices and alerts, and nothing once closed', async () => {
    const { emitter } = setup();
    const diffs: { removed: string[]; cleared: unknown[] }[] = [];
    emitter.subscribe((diff) => diffs.push(diff));
    emitter.markRemoved('gone');
    emitter.addAlerts({
      raised: [],
      cleared: [
        { id: 1, kind: 'offline', deviceId: 'gone', address: 'x', message: 'm', raisedAt: 0, clearedAt: 1 },
      ],
    });
    emitter.close();
    expect(diffs).toHaveLength(1);
    expect(diffs[0]).toMatchObject({ removed: ['gone'], cleared: [{ id: 1, clearedAt: 1 }] });
    emitter.markDirty('late');
    await vi.advanceTimersByTimeAsync(1000);
    expect(diffs).toHaveLength(1);
  });
});
