/**
 * Cancel mid-scan: every socket closed within 100 ms. Twenty services accept connections and
 * never answer, so the scan holds open sockets when it is cancelled; the servers' own view of their
 * connections measures when the scanner really let go, not just when it said so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScan } from '../../electron/core/discovery/scanner';
import { formatIpv4 } from '../../shared/domain/targets/ipv4';
import { parseTargets } from '../../shared/domain/targets/parse-targets';
import type { PlainServer } from '../support/plain-servers';
import { startPlainServer } from '../support/plain-servers';

const SERVICES = 20;
let servers: PlainServer[] = [];
let first: number;
let port: number;

beforeAll(async () => {
  // A random block so parallel test workers never share addresses.
  first = (127 * 256 + 251) * 65536 + Math.floor(Math.random() * 60_000) * 4;
  port = 20_000 + Math.floor(Math.random() * 40_000);
  servers = await Promise.all(
    Array.from({ length: SERVICES }, (_, i) => startPlainServer('silent-tcp', formatIpv4(first + i), port)),
  );
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!condition() && performance.now() < end) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('cancel', () => {
  it('closes every socket within 100 ms and settles at once, reporting what it had done', async () => {
    // The silent services, then a long tail of refused addresses: the scan is busy when cancelled.
    const targets = parseTargets(`${formatIpv4(first)}-${formatIpv4(first + 20_000)}`);
    if (!targets.ok) throw new Error(targets.error.message);
    const scan = startScan(targets.value, { ports: [port], concurrency: 64, requestTimeoutMs: 60_000 });
    if (!scan.ok) throw new Error(scan.error.message);
    const open = (): number => servers.reduce((sum, s) => sum + s.openConnections, 0);
    await until(() => open() === SERVICES, 5000);
    expect(open()).toBe(SERVICES);
    expect(scan.value.openSockets).toBeGreaterThanOrEqual(SERVICES);

    const cancelledAt = performance.now();
    scan.value.cancel();
    expect(scan.value.openSockets).toBe(0);
    const summary = await scan.value.done;
    const settledMs = performance.now() - cancelledAt;
    await until(() => open() === 0, 1000);
    const lastClose = Math.max(...servers.flatMap((s) => s.closedAt));

    expect(open()).toBe(0);
    expect(lastClose - cancelledAt).toBeLessThan(100);
    expect(settledMs).toBeLessThan(100);
    expect(summary.cancelled).toBe(true);
    expect(summary.probed).toBeLessThan(summary.total);
    expect(summary.found).toBe(0);
  });

  it('stops through an AbortSignal too, and a scan cancelled before it starts opens nothing', async () => {
    const targets = parseTargets(`${formatIpv4(first)}-${formatIpv4(first + SERVICES - 1)}`);
    if (!targets.ok) throw new Error(targets.error.message);
    const aborted = AbortSignal.abort();
    const scan = startScan(targets.value, { ports: [port], signal: aborted });
    if (!scan.ok) throw new Error(scan.error.message);
    expect(await scan.value.done).toMatchObject({ probed: 0, cancelled: true });
    expect(scan.value.openSockets).toBe(0);

    const controller = new AbortController();
    const running = startScan(targets.value, {
      ports: [port],
      signal: controller.signal,
      requestTimeoutMs: 60_000,
    });
    if (!running.ok) throw new Error(running.error.message);
    await until(() => running.value.openSockets >= SERVICES, 5000);
    controller.abort();
    expect(running.value.openSockets).toBe(0);
    expect(await running.value.done).toMatchObject({ cancelled: true });
  });

  it('refuses more than 65,536 addresses without confirmation, and bad options, before any socket', () => {
    const big = parseTargets('10.0.0.0/15');
    if (!big.ok) throw new Error(big.error.message);
    const refused = startScan(big.value);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.message).toMatch(/131,070 addresses is more than 65,536/);
    const small = parseTargets('127.0.0.1');
    if (!small.ok) throw new Error(small.error.message);
    for (const options of [{ ports: [0] }, { ports: [] }, { concurrency: 0 }, { connectTimeoutMs: -1 }]) {
      const result = startScan(small.value, options);
      expect(result.ok).toBe(false);
    }
  });
});
