/**
 * One simulated fleet for a fault-matrix suite: a device per fault of the catalogue (matrix.ts) plus two
 * healthy neighbours, every fault applied the way a site would see it (on every request the device
 * answers), and a device client whose timeouts the suites bound their elapsed time by.
 */
import http from 'node:http';
import type { TlsPins } from '../../../electron/core/device/tls-pinning';
import { tlsPinKey } from '../../../electron/core/device/tls-pinning';
import { createDeviceClient } from '../../../electron/core/device/client';
import type { DeviceClient, DeviceClientOptions } from '../../../electron/core/device/client';
import { formatIpv4, parseIpv4 } from '../../../shared/domain/targets/ipv4';
import type { Fleet, SimDevice, SimDeviceOptions } from '../../simulator';
import { startFleet } from '../../simulator';
import { addressOf, targetOf } from '../../support/sim-targets';
import { answerImplausibly, IMPLAUSIBLE_OPTIONS } from '../../support/implausible-device';
import type { SessionTarget } from '../../../electron/core/credentials/session-target';
import { addressDeviceId } from '../../../electron/core/credentials/device-identity';
import type { FaultId } from './matrix';
import { FAULT_IDS } from './matrix';

export const SITE_PASSWORD = 'matrix-site-pw';
/** Timeouts of the suites' device client: every cell must settle within a small multiple of these. */
export const CLIENT_TIMEOUTS = { connectTimeoutMs: 500, totalTimeoutMs: 1500 } as const;
export const LATENCY_MS = 200;
/** Short enough that a token dies between two steps of one operation (see the `token-expiry` setup). */
export const TOKEN_LIFETIME_MS = 250;
const HTTPS_PORT = 8443;
let tokenCount = 0;
/** The `same-mac` device's MAC, also the first healthy device's: two live devices, one MAC. */
const SHARED_MAC = '02:FA:17:00:00:01';

const OPTIONS: Record<FaultId, SimDeviceOptions> = {
  latency: {},
  hang: {},
  'reset-mid-body': {},
  'http-500': {},
  'malformed-json': {},
  'huge-body': {},
  html: {},
  down: {},
  moved: {},
  // Port 8443 so discovery probes it as https, as it would a real device.
  'self-signed': { https: true, port: HTTPS_PORT },
  'rotated-cert': { https: true, port: HTTPS_PORT },
  'wrong-password': { password: 'not-the-site-password' },
  lockout: { lockoutThreshold: 1, lockoutSeconds: 600 },
  'token-expiry': { tokenLifetimeMs: TOKEN_LIFETIME_MS },
  'token-with-space': { makeToken: () => `session ${(tokenCount += 1)} of the day` },
  'unsendable-token': { makeToken: () => 'abc\r\nx-api-key: injected' },
  'implausible-values': { ...IMPLAUSIBLE_OPTIONS },
  'same-mac': { mac: SHARED_MAC },
};

export interface FaultFleet {
  fleet: Fleet;
  device: Record<FaultId, SimDevice>;
  healthy: SimDevice[];
  /** Every device in fleet order (faulty ones first). */
  all: SimDevice[];
  /** The certificate the `rotated-cert` device had when the technician trusted it. */
  pinnedFingerprint: string;
  /** Where the `moved` device answered before, and answers now. */
  movedFrom: string;
  movedTo: string;
  /** Client with the suites' timeouts and the pin of `rotated-cert`. */
  client: DeviceClient;
  close(): Promise<void>;
}

/**
 * Each device as the technician's fleet list knows it: the `moved` device still at its old address (what
 * a re-scan would correct), every other at its own.
 */
export function knownTargets(ff: FaultFleet): SessionTarget[] {
  return ff.all.map((device) => {
    if (device !== ff.device.moved) return targetOf(device);
    const address = { ...addressOf(device), host: ff.movedFrom };
    return { deviceId: addressDeviceId(address), address };
  });
}

export const nextHost = (host: string, by: number): string => {
  const parsed = parseIpv4(host);
  if (!parsed.ok) throw new Error(`not an IPv4 address: ${host}`);
  return formatIpv4(parsed.value + by);
};

/** One wrong password straight to the device, so it starts its lockout before the operation runs. */
function triggerLockout(device: SimDevice): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: device.host, port: device.port, method: 'POST', path: '/api/v1/unlock', timeout: 5000 },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 403 ? resolve() : reject(new Error(`lockout set-up got ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.setHeader('Content-Type', 'application/json');
    req.end(JSON.stringify({ pw: 'a wrong password to start the lockout' }));
  });
}

/** `client` replaces the suites' default options (the monitor uses its own), keeping the pins. */
export async function startFaultFleet(client: DeviceClientOptions = CLIENT_TIMEOUTS): Promise<FaultFleet> {
  const fleet = await startFleet({
    devices: [...FAULT_IDS.map((id) => OPTIONS[id]), { mac: SHARED_MAC }, {}],
    defaults: { password: SITE_PASSWORD },
  });
  const device = Object.fromEntries(FAULT_IDS.map((id, i) => [id, fleet.devices[i]!])) as Record<
    FaultId,
    SimDevice
  >;
  const healthy = fleet.devices.slice(FAULT_IDS.length);

  device.latency.addFault({ fault: { kind: 'latency', ms: LATENCY_MS } });
  device.hang.addFault({ fault: { kind: 'hang' } });
  device['reset-mid-body'].addFault({ fault: { kind: 'reset-mid-body' } });
  device['http-500'].addFault({ fault: { kind: 'http-500', err: 'Failed to read chains ' } });
  device['malformed-json'].addFault({ fault: { kind: 'malformed-json' } });
  device['huge-body'].addFault({ fault: { kind: 'huge-body' } });
  device.html.addFault({ fault: { kind: 'html' } });
  answerImplausibly(device['implausible-values']);
  // The key request arrives after the token's life ended: the device answers 401 once (see matrix.ts).
  device['token-expiry'].addFault({
    fault: { kind: 'latency', ms: TOKEN_LIFETIME_MS + 150 },
    paths: ['/api/v1/apikeys'],
    times: 1,
  });
  await device.down.goDown(600);
  const movedFrom = device.moved.host;
  const movedTo = nextHost(fleet.devices.at(-1)!.host, 1);
  await device.moved.moveTo(movedTo);
  const rotated = device['rotated-cert'];
  const pinnedFingerprint = rotated.certificateFingerprint256!;
  await rotated.rotateCertificate();
  await triggerLockout(device.lockout);
  fleet.clearRequests();

  const pinKey = tlsPinKey(addressOf(rotated));
  const pins: TlsPins = { get: (key) => (key === pinKey ? pinnedFingerprint : undefined) };
  const deviceClient = createDeviceClient({ ...client, tlsPins: pins });
  return {
    fleet,
    device,
    healthy,
    all: fleet.devices,
    pinnedFingerprint,
    movedFrom,
    movedTo,
    client: deviceClient,
    async close() {
      deviceClient.close();
      await fleet.close();
    },
  };
}
