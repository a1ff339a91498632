/**
 * Discovery of a device whose firmware guards its "anonymous" reads (the simulator's `guardedReads`):
 * `/info` and `/status` answer 401 without a credential, so discovery — anonymous by design, no credential
 * and no POST — cannot tell who the device is, yet still reports it as a device (its API is there).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScan } from '../../electron/core/discovery/scanner';
import type { DiscoveredHost } from '../../shared/domain/discovery';
import { parseTargets } from '../../shared/domain/targets/parse-targets';
import type { Fleet } from '../simulator';
import { startFleet } from '../simulator';
import { credentialHeadersOf } from '../support/recorded-requests';

let fleet: Fleet;
beforeAll(async () => {
  fleet = await startFleet({ devices: [{ guardedReads: true }] });
});
afterAll(async () => {
  await fleet.close();
});

describe('scan: a device that guards its reads', () => {
  it('is a device of unknown identity; no credential and no POST go out', async () => {
    const device = fleet.devices[0]!;
    const parsed = parseTargets(device.host);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const found: DiscoveredHost[] = [];
    const handle = startScan(parsed.value, {
      ports: [device.port],
      connectTimeoutMs: 500,
      requestTimeoutMs: 1500,
      onResult: (host) => found.push(host),
    });
    if (!handle.ok) throw new Error(handle.error.message);
    await handle.value.done;
    expect(found).toMatchObject([{ address: device.host, kind: 'device', identity: null }]);
    expect(device.requests.map((r) => [r.method, r.path])).toEqual([
      ['GET', '/api/v1/info'],
      ['GET', '/api/v1/status'],
    ]);
    expect(device.requests.flatMap(credentialHeadersOf)).toEqual([]);
  });
});
