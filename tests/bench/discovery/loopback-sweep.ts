/**
 * Benchmark b): 65,536 loopback addresses, nothing listening (every connect refused), the scanner against
 * a bare Node connect() sweep at the same concurrency. Runs alternate, each in a fresh process under the
 * same loader (tsx), so neither side inherits the other's garbage and noise hits both alike.
 */
import { execFile } from 'node:child_process';
import net from 'node:net';
import { DEFAULT_SCAN_CONCURRENCY } from '../../../electron/core/discovery/scanner';
import { parseIpv4 } from '../../../shared/domain/targets/ipv4';
import { REPO_ROOT } from '../../support/run-cli';
import type { BenchReport } from '../bench-kit';
import { median } from '../bench-kit';

const FIRST = parseIpv4('127.77.0.0');
const COUNT = 65_536;
const RUNS = 5;
const TUNING = [128, 256, 1024];

interface Sweep {
  ms: number;
  probed: number;
  answered: number;
}

/** A port nothing listens on right now: bind an ephemeral one, note it, release it. */
async function unusedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function sweep(mode: 'bare' | 'scanner', port: number, concurrency: number): Promise<Sweep> {
  if (!FIRST.ok) throw new Error('bad first address');
  const args = JSON.stringify({ mode, first: FIRST.value, count: COUNT, port, concurrency });
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'tests/bench/discovery/sweep-child.ts', args],
      { cwd: REPO_ROOT, timeout: 180_000, env: { ...process.env, NODE_NO_WARNINGS: '1' } },
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as Sweep)),
    );
  });
}

export async function loopbackSweep(): Promise<BenchReport> {
  const port = await unusedPort();
  const concurrency = DEFAULT_SCAN_CONCURRENCY;
  await sweep('bare', port, concurrency); // warm the OS caches and the loader's compile cache
  await sweep('scanner', port, concurrency);
  const bare: Sweep[] = [];
  const ours: Sweep[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    bare.push(await sweep('bare', port, concurrency));
    ours.push(await sweep('scanner', port, concurrency));
  }
  const bareMs = median(bare.map((s) => s.ms));
  const oursMs = median(ours.map((s) => s.ms));
  const ratio = oursMs / bareMs;
  const complete = ours.every((s) => s.probed === COUNT && s.answered === 0);

  const tuning: string[] = [];
  for (const c of TUNING) {
    const b = await sweep('bare', port, c);
    const o = await sweep('scanner', port, c);
    tuning.push(`c=${c}: scanner ${(o.ms / 1000).toFixed(2)} s, bare ${(b.ms / 1000).toFixed(2)} s`);
  }
  return {
    figures: [
      { name: `sweep ${COUNT} refused: scanner (c=${concurrency})`, value: oursMs, unit: 'ms' },
      { name: `sweep ${COUNT} refused: bare connect (c=${concurrency})`, value: bareMs, unit: 'ms' },
      { name: 'sweep ratio scanner / bare', value: ratio, unit: '×' },
      { name: 'sweep scanner rate', value: (COUNT * 1000) / oursMs, unit: 'addr/s' },
    ],
    budgets: [
      {
        name: 'sweep within 1.5× of a bare Node connect() sweep',
        met: ratio <= 1.5 && complete,
        detail: `median ${oursMs.toFixed(0)} ms vs ${bareMs.toFixed(0)} ms = ${ratio.toFixed(2)}× over ${RUNS} alternating runs; every run probed all ${COUNT} and reported none: ${complete}`,
      },
    ],
    notes: [
      `runs: scanner ${ours.map((s) => s.ms.toFixed(0)).join(', ')} ms; bare ${bare.map((s) => s.ms.toFixed(0)).join(', ')} ms`,
      `concurrency tuning (one run each): ${tuning.join('; ')}`,
    ],
  };
}
