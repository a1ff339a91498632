// SCRATCH: the monitor's own cost per poll with an instant fake client (no network): does it grow with the fleet?
import { readFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';
import { parseDeviceAddress } from '../../../shared/domain/device-address';
import { addressDeviceId } from '../../../electron/core/credentials/device-identity';
import { createMemoryStore } from '../../../electron/core/credentials/memory-store';
import { createSessionManager } from '../../../electron/core/credentials/session-manager';
import { createVault } from '../../../electron/core/credentials/vault';
import type { DeviceClient } from '../../../electron/core/device/client';
import { createMonitor } from '../../../electron/core/monitor/monitor';

const N = Number(process.env.N ?? 10000);
const intervalMs = Number(process.env.I ?? 5000);
const secs = Number(process.env.S ?? 20);
const fx = (n: string) => readFileSync(`tests/fixtures/device/${n}`, 'utf8');
const summaryText = fx('summary.proto-fleet-s21pro-vnish1.2.7.json');
const statusText = fx('status-after-unlock.tntvlad-har-s19-88-vnish1.2.6.json').replace('"unlocked":false', '"unlocked":true');
const infoText = fx('info.proto-fleet-s21pro-vnish1.2.7.json');
const later = <T>(f: () => T): Promise<T> => new Promise((r) => setImmediate(() => r(f())));
const client = {
  unlock: () => later(() => 'tok' + Math.random().toString(36).slice(2)),
  getStatus: () => later(() => JSON.parse(statusText) as unknown),
  getSummary: () => later(() => JSON.parse(summaryText) as unknown),
  getInfo: () => later(() => JSON.parse(infoText) as unknown),
  close: () => undefined,
} as unknown as DeviceClient;
let gcMs = 0;
new PerformanceObserver((l) => { for (const e of l.getEntries()) gcMs += e.duration; }).observe({ entryTypes: ['gc'] });
const vault = createVault(createMemoryStore());
const sessions = createSessionManager({ client, vault });
const targets = Array.from({ length: N }, (_, i) => {
  const a = parseDeviceAddress(`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
  if (!a.ok) throw new Error(a.error.message);
  return { deviceId: addressDeviceId(a.value), address: a.value };
});
for (const t of targets) await vault.setDevicePassword(t.deviceId, 'pw');
const monitor = createMonitor({ client, sessions, intervalMs });
let diffs = 0;
monitor.subscribe(() => (diffs += 1));
monitor.start(targets);
await new Promise((r) => setTimeout(r, 2 * intervalMs));
const p0 = monitor.stats().polls;
const c0 = process.cpuUsage();
const g0 = gcMs;
const t0 = performance.now();
await new Promise((r) => setTimeout(r, secs * 1000));
const c = process.cpuUsage(c0);
const polls = monitor.stats().polls - p0;
const wall = performance.now() - t0;
const mu = process.memoryUsage();
console.log(JSON.stringify({ N, intervalMs, polls, cpuPerPollUs: +((c.user + c.system) / polls).toFixed(1), gcPerPollUs: +(((gcMs - g0) * 1000) / polls).toFixed(1), cpuShare: +((c.user + c.system) / 1000 / wall * 100).toFixed(1), late: monitor.stats().late, heapMb: +(mu.heapUsed / 2 ** 20).toFixed(0), rssMb: +(mu.rss / 2 ** 20).toFixed(0), diffs }));
await monitor.stop();
process.exit(0);
