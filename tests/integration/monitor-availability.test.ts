/**
 * The monitor against simulated devices over real loopback HTTP: devices that go away and come back,
 * hang, or answer slowly. Intervals are 100–200 ms so each case runs in a second or two.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { MonitorHarness } from '../support/monitor-harness';
import { gapsBetween, startMonitorHarness } from '../support/monitor-harness';

const STATUS = '/api/v1/status';
const SUMMARY = '/api/v1/summary';
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

let h: MonitorHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** The device's states as the diffs reported them, repeats folded. */
function stateHistory(harness: MonitorHarness, index: number): string[] {
  const id = harness.targets[index]?.deviceId;
  const states = harness.diffs.flatMap((d) => d.devices.filter((v) => v.deviceId === id).map((v) => v.state));
  return states.filter((state, i) => state !== states[i - 1]);
}

describe('monitor: availability', () => {
  it('sees a device go down and come back: offline with the reason, alert raised and cleared', async () => {
    h = await startMonitorHarness({ devices: [{}, {}] });
    const [device, neighbour] = h.devices;
    h.monitor.start(h.targets);
    await h.waitForState(0, 'online');
    await device!.goDown(1);
    const down = await h.waitForState(0, 'offline', 3000);
    expect(down.view.reason).toMatch(/^no answer for 3 polls \(refused the connection/);
    expect(down.view.missedPolls).toBeGreaterThanOrEqual(3);
    expect(down.alerts.map((a) => [a.kind, a.message])).toEqual([['offline', down.view.reason]]);

    await device!.waitUntilUp();
    const upAt = Date.now();
    await h.waitForState(0, 'online', 3000);
    // Backoff is capped at 800 ms in these tests: the device is seen again within one backoff.
    expect(Date.now() - upAt).toBeLessThan(800 + 400);
    // Diffs reach subscribers in batches (≤ 10 per second): wait for the batch that carries the change.
    const harness = h;
    await expect
      .poll(() => stateHistory(harness, 0).slice(-3), { timeout: 2000 })
      .toEqual(['online', 'offline', 'online']);

    const cleared = h.monitor.clearedAlerts().find((a) => a.kind === 'offline');
    expect(cleared?.raisedAt).toBe(down.alerts[0]?.raisedAt);
    expect(cleared?.clearedAt).toBeGreaterThan(cleared?.raisedAt ?? Infinity);
    expect(h.detail(0).alerts).toEqual([]);
    // The neighbour never noticed. (Whether its first diff caught it unlocking depends on how fast its
    // first poll was: diffs go out at most every 100 ms.)
    expect(stateHistory(h, 1).at(-1)).toBe('online');
    expect(stateHistory(h, 1)).not.toContain('offline');
    expect(neighbour!.isUp).toBe(true);

    // The quick recheck right after it answered again: two polls closer together than the interval.
    await sleep(300);
    const upTimes = device!.requests.filter((r) => r.path === STATUS && r.time >= upAt).map((r) => r.time);
    expect((upTimes[1] ?? Infinity) - (upTimes[0] ?? 0)).toBeLessThan(80);
  });

  it('backs off while a device does not answer: the recorded request times spread out, up to the cap', async () => {
    h = await startMonitorHarness({ devices: [{}] });
    const [device] = h.devices;
    h.monitor.start(h.targets);
    await h.waitForState(0, 'online');
    const from = device!.requests.length;
    device!.addFault({ fault: { kind: 'hang' }, paths: [STATUS] });
    await h.waitForState(0, 'offline', 3000);
    await sleep(2600);
    const times = device!.requests
      .slice(from)
      .filter((r) => r.path === STATUS)
      .map((r) => r.time);
    const gaps = times.slice(1).map((t, i) => t - (times[i] ?? t));
    // 3 missed polls at the interval (100 ms), then 200, 400, 800 (the cap in these tests), 800…
    expect(gaps.length).toBeGreaterThanOrEqual(5);
    const expected = [100, 100, 200, 400, 800, 800];
    gaps.slice(0, expected.length).forEach((gap, i) => {
      // ±10 % jitter, plus the machine's own delays (a busy CI runner) either way.
      expect(gap).toBeGreaterThanOrEqual(expected[i]! * 0.8 - 20);
      expect(gap).toBeLessThanOrEqual(expected[i]! * 1.15 + 120);
    });
    expect(h.detail(0).view.reason).toMatch(/^no answer for 3 polls \(did not answer within \d+ ms\)$/);

    device!.clearFaults();
    await h.waitForState(0, 'online', 2000);
  });

  it('never polls a slow device twice at once', async () => {
    // Each poll takes ~180 ms of a 200 ms interval; jitter makes some next polls due before it ends.
    h = await startMonitorHarness({ devices: [{}], settings: { intervalMs: 200, timeoutMs: 190 } });
    const [device] = h.devices;
    device!.addFault({ fault: { kind: 'latency', ms: 150 }, paths: [STATUS] });
    device!.addFault({ fault: { kind: 'latency', ms: 30 }, paths: [SUMMARY] });
    h.monitor.start(h.targets);
    await h.waitForState(0, 'online');
    await sleep(1800);
    const reads = device!.requests.filter((r) => r.path === STATUS || r.path === SUMMARY).map((r) => r.path);
    // Each poll is a status, followed by its summary on every other poll: a summary never comes alone.
    const statuses = reads.filter((path) => path === STATUS).length;
    expect(statuses).toBeGreaterThanOrEqual(8);
    reads.forEach((path, i) => {
      if (path === SUMMARY) expect(reads[i - 1]).toBe(STATUS);
    });
    expect(reads.length - statuses).toBeGreaterThanOrEqual(Math.floor(statuses / 2) - 1);
    // A status can only follow the previous poll's answers, so never sooner than the 150 ms it took.
    for (const gap of gapsBetween(device!, STATUS)) expect(gap).toBeGreaterThanOrEqual(150);
    expect(h.detail(0).view).toMatchObject({ state: 'online', missedPolls: 0, alerts: [] });
    expect(h.monitor.stats().peakInFlight).toBe(1);
  });

  it('stop cancels the polls in flight at once and polls nothing more', async () => {
    h = await startMonitorHarness({ devices: [{}, {}], settings: { intervalMs: 2000, timeoutMs: 1500 } });
    for (const device of h.devices) device.addFault({ fault: { kind: 'hang' }, paths: [STATUS] });
    h.monitor.start(h.targets);
    while (h.devices.some((d) => !d.requests.some((r) => r.path === STATUS))) await sleep(10);
    expect(h.monitor.stats().inFlight).toBe(2);
    const started = Date.now();
    await h.monitor.stop();
    expect(Date.now() - started).toBeLessThan(500);
    expect(h.monitor.stats().inFlight).toBe(0);
    const count = h.fleet.requests.length;
    await sleep(300);
    expect(h.fleet.requests.length).toBe(count);
    // Cancelled polls are not failures: the devices keep their state.
    expect(h.detail(0).view.missedPolls).toBe(0);
  });

  it('polls a device that closes idle connections after about the interval in time to reuse its connection', async () => {
    // Keep-Alive: timeout=1 announced; interval 1 s ± 50 %: polled at 0.5–0.7 s, before the connection goes.
    h = await startMonitorHarness({
      devices: [{ idleConnectionMs: 1000 }],
      settings: { intervalMs: 1000, jitter: 0.5, timeoutMs: 400 },
    });
    const [device] = h.devices;
    h.monitor.start(h.targets);
    await h.waitForState(0, 'online');
    await sleep(4500);
    const gaps = gapsBetween(device!, STATUS);
    expect(gaps.length).toBeGreaterThanOrEqual(5);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(500 - 60); // never faster than the jitter allows
    expect(Math.max(...gaps)).toBeLessThan(1000);
    // One connection for every poll, the first /info included (read after the first poll's reads).
    expect(device!.connectionsAccepted).toBe(1);
  });
});
