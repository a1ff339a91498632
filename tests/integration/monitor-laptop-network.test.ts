/**
 * The monitor when the whole fleet falls silent at once — the laptop off the site network, as loopback
 * can show it (every device hangs; the real cable-out, with the laptop's "no route", runs in network
 * namespaces: laptop-network-netns.test.ts): one condition in the totals, devices kept in their last
 * state with no offline alarm, and polling again as soon as an answer comes. Against simulated devices
 * over real loopback HTTP, at a 100 ms interval.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { MonitorHarness } from '../support/monitor-harness';
import { startMonitorHarness } from '../support/monitor-harness';

const STATUS = '/api/v1/status';
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

let h: MonitorHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function allOnline(harness: MonitorHarness): Promise<void> {
  for (let i = 0; i < harness.devices.length; i += 1) await harness.waitForState(i, 'online');
}

describe('monitor: this laptop off the site network', () => {
  it('every device silent at once: one condition, each device kept online (not offline), no alarm; back at the first answer, every device polled again within an interval', async () => {
    h = await startMonitorHarness({ devices: Array.from({ length: 6 }, () => ({})) });
    const harness = h;
    h.monitor.start(h.targets);
    await allOnline(h);
    const cutAt = Date.now();
    for (const device of h.devices) device.addFault({ fault: { kind: 'hang' } });

    await expect
      .poll(() => harness.monitor.snapshot().totals.laptopOffNetworkSince, { timeout: 3000, interval: 10 })
      // From the first poll that met the silence: it may have begun a moment before the cut.
      .toBeGreaterThanOrEqual(cutAt - 150);
    // Ten intervals off the network: more than enough for three missed polls per device.
    await sleep(1000);
    const off = h.monitor.snapshot();
    expect(off.totals.laptopOffNetworkSince).toBeLessThan(cutAt + 150);
    expect(off.devices.map((d) => [d.state, d.missedPolls, d.alerts])).toEqual(
      h.devices.map(() => ['online', 0, []]),
    );
    expect(off.totals).toMatchObject({ activeAlerts: 0, byState: { online: 6, offline: 0 } });
    expect(off.alerts).toEqual([]);
    // Since the cut (a loaded machine may have been slow to answer the very first polls).
    const sinceCut = h.diffs.filter((d) => d.at >= cutAt);
    expect(sinceCut.flatMap((d) => d.raised)).toEqual([]);
    // Subscribers heard of it in a diff, and no device was offline.
    expect(sinceCut.some((d) => d.totals.laptopOffNetworkSince !== undefined)).toBe(true);
    expect(sinceCut.flatMap((d) => d.devices).filter((v) => v.state === 'offline')).toEqual([]);
    // Still polled at the interval meanwhile (that is how the network's return is seen).
    const polledWhileOff = h.devices.map((d) => d.requests.filter((r) => r.time > cutAt + 500).length);
    expect(Math.min(...polledWhileOff)).toBeGreaterThanOrEqual(2);

    for (const device of h.devices) device.clearFaults();
    const backAt = Date.now();
    await expect
      .poll(() => harness.monitor.snapshot().totals.laptopOffNetworkSince, { timeout: 2000, interval: 5 })
      .toBeUndefined();
    // Within about one interval every device has answered a poll again.
    await expect
      .poll(
        () =>
          harness.devices.every((d) =>
            d.requests.some((r) => r.path === STATUS && r.time >= backAt && r.time <= backAt + 400),
          ),
        { timeout: 2000, interval: 10 },
      )
      .toBe(true);
    expect(h.monitor.snapshot().devices.every((d) => d.state === 'online' && d.missedPolls === 0)).toBe(true);
    expect(h.monitor.snapshot().alerts).toEqual([]);
    await expect
      .poll(() => harness.diffs.at(-1)?.totals.laptopOffNetworkSince, { timeout: 1000 })
      .toBeUndefined();
  });

  it('devices silent while one still answers are offline with their alarms, as before', async () => {
    h = await startMonitorHarness({ devices: Array.from({ length: 6 }, () => ({})) });
    h.monitor.start(h.targets);
    await allOnline(h);
    for (const device of h.devices.slice(1)) device.addFault({ fault: { kind: 'hang' } });
    for (let i = 1; i < h.devices.length; i += 1) {
      const down = await h.waitForState(i, 'offline', 3000);
      expect(down.alerts.map((a) => a.kind)).toEqual(['offline']);
    }
    expect(h.monitor.snapshot().totals.laptopOffNetworkSince).toBeUndefined();
    expect(h.detail(0).view.state).toBe('online');
  });
});
