/**
 * Runs inside the lab's site namespace (`ip netns exec <site> node --import tsx site-fleet.ts <count>
 * <port>`): simulator devices on 127.0.1.1… (the namespace's own loopback; the lab DNATs each device's lab
 * address to one of them). Prints `READY <json>` once listening. Reads commands on stdin: `requests`
 * prints `REQUESTS <json>` (method, path, credential header names of everything recorded); end of stdin
 * closes the fleet and exits.
 */
import { createInterface } from 'node:readline';
import { startFleet } from '../../simulator';
import { credentialHeadersOf } from '../recorded-requests';

const count = Number(process.argv[2] ?? '20');
/** n as the MAC's last two bytes (`00:01` …): distinct for the hundreds of devices of a sparse /16. */
const macTail = (n: number): string =>
  [n >> 8, n & 0xff].map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(':');
const port = Number(process.argv[3] ?? '80');
const fleet = await startFleet({
  port,
  hostBase: '127.0.1',
  devices: Array.from({ length: count }, (_, i) => ({
    mac: `02:4C:41:42:${macTail(i + 1)}`,
    profile: i % 5 === 4 ? ('spec' as const) : ('field' as const),
  })),
});
const devices = fleet.devices.map((d) => ({ host: d.host, mac: d.options.mac, profile: d.options.profile }));
process.stdout.write(`READY ${JSON.stringify(devices)}\n`);

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line.trim() !== 'requests') return;
  const requests = fleet.requests.map((r) => ({
    method: r.method,
    path: r.path,
    credentials: credentialHeadersOf(r),
  }));
  process.stdout.write(`REQUESTS ${JSON.stringify(requests)}\n`);
});
lines.on('close', () => {
  void fleet.close().then(() => process.exit(0));
});
