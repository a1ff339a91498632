/**
 * One timed loopback sweep in a fresh process, so each measurement starts from the same state (no garbage
 * or JIT state left by the previous one). Argument: JSON {mode: 'bare' | 'scanner', first, count, port,
 * concurrency}. Prints JSON {ms, probed, answered}.
 */
import { startScan } from '../../../electron/core/discovery/scanner';
import { formatIpv4 } from '../../../shared/domain/targets/ipv4';
import { parseTargets } from '../../../shared/domain/targets/parse-targets';
import { bareConnectSweep } from './bare-sweep';

interface SweepRequest {
  mode: 'bare' | 'scanner';
  first: number;
  count: number;
  port: number;
  concurrency: number;
}

const request = JSON.parse(process.argv[2] ?? '{}') as SweepRequest;
const { first, count, port, concurrency } = request;

async function scanner(): Promise<{ probed: number; answered: number }> {
  const targets = parseTargets(`${formatIpv4(first)}-${formatIpv4(first + count - 1)}`);
  if (!targets.ok) throw new Error(targets.error.message);
  const scan = startScan(targets.value, { ports: [port], concurrency, confirmed: true });
  if (!scan.ok) throw new Error(scan.error.message);
  const summary = await scan.value.done;
  return { probed: summary.probed, answered: summary.found };
}

const started = performance.now();
const outcome =
  request.mode === 'bare'
    ? { probed: count, answered: await bareConnectSweep(first, count, port, concurrency) }
    : await scanner();
process.stdout.write(`${JSON.stringify({ ms: performance.now() - started, ...outcome })}\n`);
