/**
 * Part of the simulated fleet of the monitor benchmark, in its own process so its CPU (it answers every
 * poll) never counts against the monitor's. Arguments: the device count, and how long a device keeps an
 * idle connection (ms; the simulator's default when absent). Prints one JSON line
 * `{addresses, password}` once every device listens, then runs until stdin closes or SIGTERM.
 */
import { startFleet } from '../../simulator';

const count = Number(process.argv[2] ?? '1000');
const idle = process.argv[3];
const password = 'bench-pw';
const fleet = await startFleet({
  count,
  recordRequests: false,
  defaults: { password, ...(idle !== undefined ? { idleConnectionMs: Number(idle) } : {}) },
});
process.stdout.write(`${JSON.stringify({ addresses: fleet.devices.map((d) => d.address), password })}\n`);

let cpu = process.cpuUsage();
let wall = performance.now();
const stop = async (): Promise<void> => {
  await fleet.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.stdin.setEncoding('utf8');
// "cpu\n" on stdin: print this process's CPU share since the previous question (is the fleet the bottleneck?).
process.stdin.on('data', (text: string) => {
  if (!text.includes('cpu')) return;
  const used = process.cpuUsage(cpu);
  const share = (used.user + used.system) / 1000 / (performance.now() - wall);
  process.stdout.write(`${JSON.stringify({ cpuShare: share })}\n`);
  cpu = process.cpuUsage();
  wall = performance.now();
});
process.stdin.on('end', () => void stop());
process.stdin.resume();
