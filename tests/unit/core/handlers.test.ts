import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHandlers } from '../../../electron/core/handlers';
import { createEventHub } from '../../../electron/core/events/event-hub';
import type { CoreServices } from '../../../electron/core/services';
import { runtimeVersions } from '../../../electron/core/services';
import { appInfoSchema, channels, resultOf } from '../../../shared/ipc/contract';
import type { AppEvent } from '../../../shared/ipc/events';
import { eventBatchSchema } from '../../../shared/ipc/events';
import { openBareCore } from '../../support/app-core';

const identity = {
  name: 'minerdeck',
  version: '0.1.0',
  platform: 'linux',
  versions: { node: '22.20.0', electron: '45.4.1' },
};

const ready = (n: number): AppEvent => ({ type: 'app:ready', payload: { startedAt: String(n) } });

describe('createHandlers', () => {
  let services: CoreServices;
  beforeAll(async () => {
    services = await openBareCore(identity);
  });
  afterAll(() => services.dispose());

  it('implements every contract channel', () => {
    expect(Object.keys(createHandlers(services)).sort()).toEqual([...channels].sort());
  });

  it('app:info answers the identity it was given, in the contract’s shape', async () => {
    const result = await createHandlers(services)['app:info']();
    expect(result).toEqual({ ok: true, value: identity });
    expect(resultOf(appInfoSchema).safeParse(result).success).toBe(true);
  });

  it('app:info answers a copy: a caller cannot change what the next caller sees', async () => {
    const handlers = createHandlers(services);
    const first = await handlers['app:info']();
    if (first.ok) first.value.versions.node = 'tampered';
    await expect(handlers['app:info']()).resolves.toEqual({ ok: true, value: identity });
  });

  it('works over the services built at start-up, with real runtime versions', async () => {
    const started = await openBareCore({
      name: 'minerdeck',
      version: '0.1.0',
      platform: process.platform,
      versions: runtimeVersions(),
    });
    const result = await createHandlers(started)['app:info']();
    expect(result).toMatchObject({
      ok: true,
      value: { platform: process.platform, versions: { node: process.versions.node } },
    });
    await started.dispose();
  });
});

describe('runtimeVersions', () => {
  it('keeps the parts worth showing and drops the rest', () => {
    const versions = { node: '22.1.0', electron: '45.0.0', chrome: '140', v8: '13', uv: '1', openssl: '3' };
    expect(runtimeVersions(versions as unknown as NodeJS.ProcessVersions)).toEqual({
      electron: '45.0.0',
      chrome: '140',
      node: '22.1.0',
      v8: '13',
    });
  });
});

describe('event hub', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('flushes at most 10 times per second under a steady stream, keeping every event in order', () => {
    const hub = createEventHub();
    const batches: AppEvent[][] = [];
    const flushTimes: number[] = [];
    hub.subscribe((batch) => {
      batches.push([...batch]);
      flushTimes.push(Date.now());
    });

    // 1,000 events per second for 3 seconds: one every millisecond.
    for (let n = 0; n < 3_000; n += 1) {
      hub.emit(ready(n));
      vi.advanceTimersByTime(1);
    }
    vi.advanceTimersByTime(1_000);

    expect(batches.flat()).toEqual(Array.from({ length: 3_000 }, (_, n) => ready(n)));
    for (let i = 1; i < flushTimes.length; i += 1) {
      expect(flushTimes[i]! - flushTimes[i - 1]!).toBeGreaterThanOrEqual(100);
    }
    // In any window of one second, at most 10 flushes.
    for (const start of flushTimes) {
      expect(flushTimes.filter((t) => t >= start && t < start + 1_000).length).toBeLessThanOrEqual(10);
    }
    expect(batches.length).toBeGreaterThanOrEqual(29);
    for (const batch of batches) expect(eventBatchSchema.safeParse(batch).success).toBe(true);
  });

  it('delivers one message per flush to each listener', () => {
    const hub = createEventHub();
    const first = vi.fn();
    const second = vi.fn();
    hub.subscribe(first);
    hub.subscribe(second);

    hub.emit(ready(1));
    hub.emit(ready(2));
    hub.emit(ready(3));
    vi.advanceTimersByTime(0);

    expect(first).toHaveBeenCalledExactlyOnceWith([ready(1), ready(2), ready(3)]);
    expect(second).toHaveBeenCalledExactlyOnceWith([ready(1), ready(2), ready(3)]);
  });

  it('sends the first event after a quiet period at once, and holds the next one until 100 ms have passed', () => {
    const hub = createEventHub();
    const listener = vi.fn();
    hub.subscribe(listener);

    hub.emit(ready(1));
    vi.advanceTimersByTime(0);
    expect(listener).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(30);
    hub.emit(ready(2));
    vi.advanceTimersByTime(69);
    expect(listener).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(listener).toHaveBeenLastCalledWith([ready(2)]);

    vi.advanceTimersByTime(500);
    hub.emit(ready(3));
    vi.advanceTimersByTime(0);
    expect(listener).toHaveBeenLastCalledWith([ready(3)]);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('sends nothing when nothing happened', () => {
    const hub = createEventHub();
    const listener = vi.fn();
    hub.subscribe(listener);
    vi.advanceTimersByTime(5_000);
    hub.flush();
    expect(listener).not.toHaveBeenCalled();
  });

  it('keeps delivering to the others when one listener throws, and reports it', () => {
    const onListenerError = vi.fn();
    const hub = createEventHub({ onListenerError });
    const failure = new Error('listener bug');
    const good = vi.fn();
    hub.subscribe(() => {
      throw failure;
    });
    hub.subscribe(good);

    hub.emit(ready(1));
    vi.advanceTimersByTime(0);

    expect(good).toHaveBeenCalledOnce();
    expect(onListenerError).toHaveBeenCalledExactlyOnceWith(failure);
  });

  it('unsubscribe stops delivery to that listener', () => {
    const hub = createEventHub();
    const listener = vi.fn();
    const unsubscribe = hub.subscribe(listener);
    unsubscribe();
    hub.emit(ready(1));
    vi.advanceTimersByTime(0);
    expect(listener).not.toHaveBeenCalled();
  });

  it('close delivers what is pending, then ignores later events', () => {
    const hub = createEventHub();
    const listener = vi.fn();
    hub.subscribe(listener);
    hub.emit(ready(1));

    hub.close();
    hub.emit(ready(2));
    vi.advanceTimersByTime(1_000);

    expect(listener).toHaveBeenCalledExactlyOnceWith([ready(1)]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
