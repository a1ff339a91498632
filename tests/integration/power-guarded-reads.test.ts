/**
 * Power reads on firmware that guards the reads the vendor lists as anonymous (the simulator's
 * `guardedReads`), over real HTTP: `profile list` lists a guarded device's presets and the preset it
 * runs — from `/perf-summary` with its credential when its settings cannot be read — and the fleet row's
 * preset watch reads `/perf-summary` with the credential after one refused try.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../electron/core/credentials/memory-store';
import { createSessionManager } from '../../electron/core/credentials/session-manager';
import { createVault } from '../../electron/core/credentials/vault';
import { listPower } from '../../electron/core/power/power-read';
import { createPresetWatch } from '../../electron/core/power/preset-watch';
import { credentialHeadersOf } from '../support/recorded-requests';
import { requestsTo, targetOf } from '../support/sim-targets';
import { fleetPerTest } from '../support/fleet-per-test';

const PERF = '/api/v1/perf-summary';
const sims = fleetPerTest();

describe('power reads of devices that guard their reads', () => {
  it('profile list lists the presets; the preset in use comes from /perf-summary with the credential', async () => {
    const { fleet, client } = await sims.open(
      { count: 2, defaults: { guardedReads: true } },
      { totalTimeoutMs: 2000 },
    );
    const vault = createVault(createMemoryStore());
    const sessions = createSessionManager({ client, vault });
    const targets = fleet.devices.map((d) => targetOf(d));
    for (const t of targets) await vault.setDevicePassword(t.deviceId, 'admin');
    // The second device's settings cannot be read: its preset in use comes from /perf-summary.
    fleet.devices[1]!.addFault({ fault: { kind: 'http-500' }, paths: ['/api/v1/settings'] });

    const listings = await listPower({ client, sessions }, targets);
    for (const listing of listings) {
      expect(listing.error).toBeUndefined();
      expect(listing.presets?.length).toBeGreaterThan(10);
      expect(listing.current).toBe('2800');
    }
    expect(requestsTo(fleet.devices[1]!, PERF).map(credentialHeadersOf)).toEqual([[], ['authorization']]);

    // The fleet row's watch: this session already knows the second device guards its reads.
    const watch = createPresetWatch({ client, sessions });
    const views = await watch.presetsOf(targets);
    expect(Object.values(views).map((v) => v.inUse)).toEqual(['2800', '2800']);
    const first = requestsTo(fleet.devices[0]!, PERF).map(credentialHeadersOf);
    expect(first).toEqual([[], ['authorization']]);
    expect(requestsTo(fleet.devices[1]!, PERF).map(credentialHeadersOf)).toEqual([
      [],
      ['authorization'],
      ['authorization'],
    ]);
  });
});
