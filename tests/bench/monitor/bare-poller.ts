/**
 * The floor the monitor is compared with: the same requests (`GET /status` every interval, `GET /summary`
 * on every other poll as the monitor reads it, on one keep-alive connection, bodies parsed, ±10 % jitter, started in
 * the monitor's 100 ms batches) from a bare
 * Node `http` loop with no monitor, client, credentials or reader: the peer of the monitor's own HTTP client. Reads the same JSON request as
 * monitor-child.ts on stdin; prints `{cpuMs, wallMs, polls}` over the whole run, and `steady`, the same after
 * its first round (as the monitor's window after its warm-up), and its peak RSS.
 */
import http from 'node:http';
import { text } from 'node:stream/consumers';
import { monitorClientOptions, resolveSettings } from '../../../electron/core/monitor/monitor-options';
import type { MonitorRunRequest } from './monitor-child';

const request = JSON.parse(await text(process.stdin)) as MonitorRunRequest;
// Node's keep-alive agent with the monitor client's settings (monitorClientOptions): connections kept
// between polls wherever the device keeps them, one per device.
const clientOptions = monitorClientOptions({ intervalMs: request.intervalMs });
const agent = new http.Agent({
  keepAlive: true,
  maxSockets: 2,
  maxTotalSockets: clientOptions.maxTotalSockets,
  timeout: clientOptions.idleSocketTimeoutMs,
});

function get(url: URL, path: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path, agent, headers: { accept: 'application/json' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
// Polls start on the monitor's batch boundaries (resolveSettings().batchMs), as the monitor starts them.
const batchMs = resolveSettings({ intervalMs: request.intervalMs }).batchMs;
const nextBatch = (delayMs: number): number =>
  Math.ceil((Date.now() + delayMs) / batchMs) * batchMs - Date.now();
const { intervalMs, durationMs } = request;
let polls = 0;
let peakRss = process.memoryUsage.rss();
const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 250);
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const stopAt = Date.now() + durationMs;
let measured = { cpuMs: 0, wallMs: 0, polls: 0 };
// The steady window, as the monitor's: from the end of the first round (every connection open) to the end.
const steadyAfterMs = Math.min(durationMs / 2, intervalMs * 1.5);
let steadyFrom = { cpu: cpu0, t: t0, polls: 0 };
let steady = { cpuMs: 0, wallMs: 0, polls: 0 };
setTimeout(() => {
  steadyFrom = { cpu: process.cpuUsage(), t: performance.now(), polls };
}, steadyAfterMs);
setTimeout(() => {
  const cpu = process.cpuUsage(cpu0);
  measured = { cpuMs: (cpu.user + cpu.system) / 1000, wallMs: performance.now() - t0, polls };
  const since = process.cpuUsage(steadyFrom.cpu);
  steady = {
    cpuMs: (since.user + since.system) / 1000,
    wallMs: performance.now() - steadyFrom.t,
    polls: polls - steadyFrom.polls,
  };
}, durationMs);
await Promise.all(
  request.addresses.map(async (text) => {
    const url = new URL(text);
    await sleep(Math.random() * intervalMs);
    for (let mine = 0; Date.now() < stopAt; mine += 1) {
      await get(url, '/api/v1/status').catch(() => undefined);
      if (mine % 2 === 0) await get(url, '/api/v1/summary').catch(() => undefined);
      polls += 1;
      await sleep(nextBatch(intervalMs * (0.9 + Math.random() * 0.2)));
    }
  }),
);
agent.destroy();
clearInterval(rssTimer);
const peakRssMb = peakRss / 2 ** 20;
process.stdout.write(
  `${JSON.stringify({ ...measured, perPoll: (measured.cpuMs * 1000) / measured.polls, steady, peakRssMb })}\n`,
);
