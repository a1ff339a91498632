/**
 * Random faults for the soak benchmark: every change, a share of the fleet gets a fault for a while
 * (hangs, 500s, garbage, resets, HTML, a big body, latency, a reboot that also ends sessions), so the
 * monitor keeps meeting every kind of trouble the fault matrix covers, mixed and moving, for the whole run.
 */
import type { Fault, SimDevice } from '../../simulator';

/** `random` is injected so a run can be replayed with a seeded generator. */
export function shuffleFaults(devices: readonly SimDevice[], share: number, random: () => number): void {
  const faults: Fault[] = [
    { kind: 'hang' },
    { kind: 'http-500', err: 'Failed to read chains ' },
    { kind: 'malformed-json' },
    { kind: 'reset-mid-body' },
    { kind: 'html' },
    // 2 MiB: over the client's 1 MiB cap, cheap enough to send hundreds of times.
    { kind: 'huge-body', bytes: 2 * 1024 * 1024 },
    { kind: 'latency', ms: 300 },
  ];
  for (const device of devices) {
    device.clearFaults();
    if (random() >= share) continue;
    const pick = Math.floor(random() * (faults.length + 1));
    const fault = faults[pick];
    if (fault !== undefined) device.addFault({ fault, times: 1 + Math.floor(random() * 20) });
    else if (device.isUp) {
      // A reboot: refused for a few seconds, sessions gone.
      device.expireTokens();
      void device.goDown(1 + Math.floor(random() * 5));
    }
  }
}

/** Client sockets this process holds open (the simulator's server side counts too: both must stay flat). */
export const openSockets = (): number =>
  process.getActiveResourcesInfo().filter((name) => name === 'TCPSocketWrap' || name === 'TLSWrap').length;
