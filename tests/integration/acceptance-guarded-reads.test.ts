/**
 * Acceptance on firmware that guards the reads the vendor lists as anonymous (`/summary`, `/chains`,
 * `/model`, `/perf-summary`: the simulator's `guardedReads`), over real loopback HTTP: a healthy device
 * whose password is stored is accepted with no failed reading, its refused anonymous reads paid once (the
 * first), the rest sent with its token; a device with nothing stored fails in words ("refused without a
 * working password or API key"), sends no password and is never locked out. Reads only: the one POST is
 * the stored password's unlock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCriteria } from '../../shared/domain/acceptance';
import { parseDeviceAddress } from '../../shared/domain/device-address';
import { runAcceptance } from '../../electron/core/acceptance/acceptance-run';
import type { DeviceClient } from '../../electron/core/device/client';
import { createDeviceClient } from '../../electron/core/device/client';
import type { MonitorTarget } from '../../electron/core/monitor/monitor';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { credentialHeadersOf } from '../support/recorded-requests';
import { servicesFor } from '../support/credential-services';

const PASSWORD = 'Site-pw-1';

describe('acceptance on firmware that guards its reads', () => {
  let fleet: Fleet;
  let client: DeviceClient;
  const targets: MonitorTarget[] = [];

  beforeAll(async () => {
    fleet = await startFleet({
      count: 2,
      defaults: { shareSeconds: 0.1, guardedReads: true, password: PASSWORD },
    });
    client = createDeviceClient();
    for (const device of fleet.devices) {
      const address = parseDeviceAddress(device.address);
      if (!address.ok) throw new Error(device.address);
      targets.push({ deviceId: `addr:${device.host}:${device.port}`, address: address.value });
    }
  }, 60_000);

  afterAll(async () => {
    client?.close();
    await fleet?.close();
  });

  it('accepts the healthy device it holds the password of; the other fails in words, never locked out', async () => {
    const services = servicesFor(client);
    await services.vault.setDevicePassword(targets[0]!.deviceId, PASSWORD);
    const run = await runAcceptance(targets, {
      client,
      sessions: services.sessions,
      // Judged from the first reading: a device that cannot be read would otherwise wait out the settle limit.
      criteria: { ...defaultCriteria(), minutes: 0.03, settleMinutes: 0 },
      sampleEveryMs: 500,
    });
    const [held, unknown] = run.verdicts;
    expect(held?.reasons).toEqual([]);
    expect(held?.verdict).toBe('pass');
    expect(held?.evidence.readings).toMatchObject({ failed: 0 });
    expect(held?.evidence.readings.taken).toBeGreaterThanOrEqual(3);

    const [guarded, silent] = fleet.devices;
    // The first read was anonymous and refused; every later one carried the token of one unlock.
    const reads = guarded!.requests.filter((r) => r.method === 'GET').map(credentialHeadersOf);
    expect(reads[0]).toEqual([]);
    expect(reads.slice(1).filter((headers) => headers.length === 0)).toEqual([]);
    expect(guarded!.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/v1/unlock',
    ]);

    expect(unknown?.verdict).toBe('fail');
    expect(unknown?.reasons[0]).toMatch(/refused without a working password or API key/);
    expect(silent!.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(services.sessions.state(targets[1]!.deviceId).kind).toBe('needs-password');
    await services.dispose();
  }, 30_000);
});
