/**
 * The monitor and credentials, against simulated devices: every poll goes through the real session
 * manager over a vault in memory (the keychain's stand-in), so these are the paths a site really takes —
 * tokens that expire, a password changed on the device, a lockout, an API key, nothing stored at all.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createDeviceClient } from '../../electron/core/device/client';
import { credentialHeadersOf } from '../support/recorded-requests';
import type { MonitorHarness } from '../support/monitor-harness';
import { startMonitorHarness } from '../support/monitor-harness';

const STATUS = '/api/v1/status';
const UNLOCK = '/api/v1/unlock';
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

let h: MonitorHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('monitor: credentials', () => {
  it('rides through tokens expiring mid-run without a visible effect', async () => {
    h = await startMonitorHarness({ devices: [{ tokenLifetimeMs: 250 }] });
    h.monitor.start(h.targets);
    await h.waitForState(0, 'online');
    const firstOnline = h.diffs.length;
    await sleep(1500);
    const later = h.diffs.slice(firstOnline);
    expect(later.flatMap((d) => d.devices.map((v) => v.state))).not.toContain('needs-password');
    expect(new Set(later.flatMap((d) => d.devices.map((v) => v.state)))).toEqual(new Set(['online']));
    expect(later.flatMap((d) => d.raised)).toEqual([]);
    // The session manager unlocked again by itself, several times.
    expect(h.devices[0]!.requests.filter((r) => r.path === UNLOCK).length).toBeGreaterThanOrEqual(4);
    expect(h.detail(0).view).toMatchObject({ state: 'online', reason: 'device reports mining', alerts: [] });
  });

  it('shows a password changed on the device as needs-password with an alert, and never retries it', async () => {
    h = await startMonitorHarness({ devices: [{ password: 'first-Pa55' }] });
    const [device] = h.devices;
    h.monitor.start(h.targets);
    await h.waitForState(0, 'online');
    const changedAt = Date.now();
    device!.setPassword('second-Pa55');
    const stuck = await h.waitForState(0, 'needs-password');
    expect(stuck.view.reason).toBe('password changed on the device: it refused the stored password');
    expect(stuck.alerts.map((a) => [a.kind, a.message])).toEqual([['needs-password', stuck.view.reason]]);
    await sleep(600);
    // Exactly one try of the stored password after the change: it is never sent again by itself.
    expect(device!.requests.filter((r) => r.path === UNLOCK && r.time >= changedAt)).toHaveLength(1);
    expect(h.detail(0).view.state).toBe('needs-password');

    // The technician gives the new password: the next poll is online again and the alert clears.
    await h.sessions.unlockWith(h.targets[0]!, 'second-Pa55');
    h.monitor.pollSoon(h.targets[0]!.deviceId);
    await h.waitForState(0, 'online');
    expect(h.monitor.clearedAlerts().map((a) => a.kind)).toContain('needs-password');
  });

  it('is locked, sending no password, when nothing is stored; offline when it does not answer either', async () => {
    h = await startMonitorHarness({ devices: [{}, {}], storePasswords: false });
    await h.devices[1]!.goDown(60);
    h.monitor.start(h.targets);
    const locked = await h.waitForState(0, 'locked');
    expect(locked.view.reason).toMatch(/needs its password: no password is stored for it/);
    expect(locked.alerts.map((a) => a.kind)).toEqual(['needs-password']);
    const gone = await h.waitForState(1, 'offline');
    expect(gone.view.reason).toMatch(/^no answer for 3 polls/);
    await sleep(300);
    expect(h.fleet.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('waits out a lockout the device imposed, then comes online by itself', async () => {
    h = await startMonitorHarness({ devices: [{ lockoutThreshold: 1, lockoutSeconds: 1 }] });
    const [device] = h.devices;
    // Someone else tried a wrong password a moment ago: the device now refuses every unlock for 1 s.
    const other = createDeviceClient();
    await expect(other.unlock(device!.address, 'wrong-guess')).rejects.toMatchObject({
      code: 'WRONG_PASSWORD',
    });
    other.close();
    h.monitor.start(h.targets);
    const out = await h.waitForState(0, 'locked-out');
    expect(out.view.reason).toBe('locked out after wrong passwords: the device refuses unlocks for 1 s');
    expect(out.alerts.map((a) => a.kind)).toEqual(['locked-out']);
    await h.waitForState(0, 'online', 4000);
    expect(h.monitor.clearedAlerts().map((a) => a.kind)).toEqual(['locked-out']);
    // While locked out the stored password went out once (the 429), not at every poll.
    expect(device!.requests.filter((r) => r.path === UNLOCK).length).toBeLessThanOrEqual(3);
  });

  it('polls with the stored API key first: one x-api-key header, no unlock', async () => {
    h = await startMonitorHarness({ devices: [{}], storePasswords: false });
    const [device] = h.devices;
    const [target] = h.targets;
    const key = 'K'.repeat(16) + 'e'.repeat(16);
    const token = await h.client.unlock(target!.address, 'admin');
    await h.client.createApiKey(
      target!.address,
      { kind: 'token', token },
      { key, description: 'monitor test' },
    );
    await h.vault.setApiKey(target!.deviceId, key, { description: 'monitor test' });
    h.fleet.clearRequests();
    h.monitor.start(h.targets);
    await h.waitForState(0, 'online');
    await sleep(300);
    const reads = device!.requests.filter((r) => r.path === STATUS);
    expect(reads.length).toBeGreaterThanOrEqual(3);
    for (const read of reads) {
      expect(credentialHeadersOf(read)).toEqual(['x-api-key']);
      expect(read.headers['x-api-key']).toBe(key);
    }
    expect(device!.requests.filter((r) => r.path === UNLOCK)).toEqual([]);
    expect(h.detail(0).credential).toBe('apiKey');
  });
});
