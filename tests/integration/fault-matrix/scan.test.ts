/**
 * Fault matrix, discovery: one scan over the fleet's addresses (the https devices on 8443, probed as
 * https) with the `moved` device known at its old address. A scan sends anonymous GETs only, so password
 * faults change nothing; broken answers make a device unlisted or listed as another web server, never a
 * crash or a stuck scan.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CertificateTrust } from '../../../electron/cli/scan-display';
import { certificateTrust, resultLine } from '../../../electron/cli/scan-display';
import { MIN_SCAN_REQUEST_TIMEOUT_MS, startScan } from '../../../electron/core/discovery/scanner';
import type { DiscoveredHost, ScanSummary } from '../../../shared/domain/discovery';
import { parseTargets } from '../../../shared/domain/targets/parse-targets';
import { credentialHeadersOf } from '../../support/recorded-requests';
import type { Observed } from './cells';
import { itChecksEveryCell } from './cells';
import type { FaultFleet } from './fault-fleet';
import { startFaultFleet } from './fault-fleet';
import type { FaultId } from './matrix';
import { FAULT_IDS } from './matrix';

let ff: FaultFleet;
const found: DiscoveredHost[] = [];
let summary: ScanSummary;
let elapsedMs: number;

beforeAll(async () => {
  ff = await startFaultFleet();
  const first = ff.all[0]!;
  const https = [ff.device['self-signed'], ff.device['rotated-cert']].map((d) => `${d.host}:${d.port}`);
  const targets = parseTargets([`${first.host}-${ff.movedTo}`, ...https].join(' '));
  if (!targets.ok) throw new Error(targets.error.message);
  const started = performance.now();
  const scan = startScan(targets.value, {
    ports: [first.port],
    connectTimeoutMs: 500,
    knownDevices: [
      {
        deviceId: `mac:${ff.device.moved.options.mac!}`,
        address: `http://${ff.movedFrom}:${first.port}`,
        mac: ff.device.moved.options.mac!,
      },
    ],
    onResult: (host) => found.push(host),
    // A host reported again (another address answers with its MAC) replaces its first report.
    onUpdate: (host) =>
      found.splice(
        found.findIndex((h) => h.address === host.address && h.port === host.port),
        1,
        host,
      ),
  });
  if (!scan.ok) throw new Error(scan.error.message);
  summary = await scan.value.done;
  elapsedMs = performance.now() - started;
});

afterAll(() => ff?.close());

/** The pins a technician's inventory would hold: the `rotated-cert` device's, before it rotated. */
const trustOf = (host: DiscoveredHost): CertificateTrust | undefined =>
  host.tlsFingerprint256 === undefined
    ? undefined
    : certificateTrust(
        host.tlsFingerprint256,
        host.address === ff.device['rotated-cert'].host ? ff.pinnedFingerprint : undefined,
      );

function observe(id: FaultId): Observed {
  const device = ff.device[id];
  const host = found.find((h) => h.address === device.host && h.port === device.port);
  return host === undefined
    ? { outcome: 'not found', text: 'not listed' }
    : { outcome: host.kind, text: resultLine(host, trustOf(host)) };
}

describe('fault matrix: scan', () => {
  itChecksEveryCell(
    'scan',
    () => Object.fromEntries(FAULT_IDS.map((id) => [id, observe(id)])) as Record<FaultId, Observed>,
  );

  it('finishes within the per-host request timeouts, lists the healthy devices and counts every address', () => {
    // Each host costs at most its three anonymous reads, each bounded by the request timeout.
    expect(elapsedMs).toBeLessThan(3 * MIN_SCAN_REQUEST_TIMEOUT_MS + 2000);
    expect(summary).toMatchObject({ cancelled: false, failed: 0, probed: summary.total });
    expect(ff.healthy.every((d) => found.some((h) => h.address === d.host && h.kind === 'device'))).toBe(
      true,
    );
  });

  it('reports the certificate each https device shows now (the rotated one: not the pinned one)', () => {
    const fingerprintOf = (id: FaultId) =>
      found.find((h) => h.address === ff.device[id].host)?.tlsFingerprint256;
    expect(fingerprintOf('self-signed')).toBe(ff.device['self-signed'].certificateFingerprint256);
    expect(fingerprintOf('rotated-cert')).toBe(ff.device['rotated-cert'].certificateFingerprint256);
    expect(fingerprintOf('rotated-cert')).not.toBe(ff.pinnedFingerprint);
  });

  it('sends no POST and no credential to any device, whatever its fault', () => {
    expect(ff.fleet.requests.length).toBeGreaterThan(0);
    expect(ff.fleet.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(ff.fleet.requests.flatMap(credentialHeadersOf)).toEqual([]);
  });
});
