/**
 * The monitor on firmware that guards the reads the vendor lists as anonymous (the simulator's
 * `guardedReads`): with its password stored the device is online with its numbers and its `/info`
 * (identity, hash-rate unit), the refused anonymous `/info` paid once and never again; with nothing stored
 * it is locked with the usual words, and no password or POST goes out. A device that does not guard its
 * reads keeps reading `/info` anonymously.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { credentialHeadersOf } from '../support/recorded-requests';
import type { MonitorHarness } from '../support/monitor-harness';
import { startMonitorHarness, TEST_SETTINGS } from '../support/monitor-harness';

const INFO = '/api/v1/info';
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

let h: MonitorHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('monitor: firmware that guards its reads', () => {
  it('is online with its numbers and its /info; the refused anonymous read is paid once', async () => {
    // `/info` is read every 300 ms here, so a run of a second reads it several times.
    h = await startMonitorHarness({
      devices: [{ guardedReads: true }, {}],
      settings: { ...TEST_SETTINGS, capabilityRecheckMs: 300 },
    });
    h.monitor.start(h.targets);
    const online = await h.waitForState(0, 'online');
    expect(online.view.reading?.hashRate).toBeGreaterThan(0);
    expect(online.view.reading?.powerW).toBeGreaterThan(0);
    await h.waitForState(1, 'online');
    await sleep(1200);
    const detail = h.detail(0);
    expect(detail.view.state).toBe('online');
    expect(detail.raw.info).toMatchObject({ miner: expect.any(String) });
    const infoReads = h.devices[0]!.requests.filter((r) => r.path === INFO).map(credentialHeadersOf);
    expect(infoReads.length).toBeGreaterThanOrEqual(3);
    // One anonymous try, refused; every later /info carries the credential.
    expect(infoReads[0]).toEqual([]);
    expect(infoReads.slice(1).every((headers) => headers.length === 1)).toBe(true);
    // The device that does not guard its reads: /info anonymous, always.
    const plain = h.devices[1]!.requests.filter((r) => r.path === INFO).map(credentialHeadersOf);
    expect(plain.length).toBeGreaterThanOrEqual(1);
    expect(plain.every((headers) => headers.length === 0)).toBe(true);
    expect(h.sessions.guardsReads(h.targets[1]!.deviceId)).toBe(false);
  });

  it('with nothing stored it is locked in the usual words, and nothing but reads goes out', async () => {
    h = await startMonitorHarness({ devices: [{ guardedReads: true }], storePasswords: false });
    h.monitor.start(h.targets);
    const locked = await h.waitForState(0, 'locked');
    expect(locked.view.reason).toMatch(/needs its password: no password is stored for it/);
    await sleep(300);
    expect(h.fleet.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(h.sessions.state(h.targets[0]!.deviceId).kind).not.toBe('locked-out');
  });
});
