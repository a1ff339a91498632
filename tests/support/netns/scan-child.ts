/**
 * Runs scans inside the lab's scanner namespace and prints one JSON line with what happened, so a test
 * or the benchmark in the root namespace can time the scanner in-process (as the app runs it) without
 * adding Node's start-up. Arguments: a JSON object (ScanChildRequest).
 */
import { parseTargets } from '../../../shared/domain/targets/parse-targets';
import { startScan } from '../../../electron/core/discovery/scanner';
import type { ScanChildRequest, ScanChildRun } from './scan-child-types';

const request = JSON.parse(process.argv[2] ?? '{}') as ScanChildRequest;
const targets = parseTargets(request.targets);
if (!targets.ok) throw new Error(targets.error.message);

const runs: ScanChildRun[] = [];
for (let i = 0; i < (request.runs ?? 1); i += 1) {
  const found: ScanChildRun['found'] = [];
  let foundEnough: () => void = () => undefined;
  const enoughFound = new Promise<void>((resolve) => (foundEnough = resolve));
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const scan = startScan(targets.value, {
    ...(request.connectTimeoutMs !== undefined ? { connectTimeoutMs: request.connectTimeoutMs } : {}),
    ...(request.concurrency !== undefined ? { concurrency: request.concurrency } : {}),
    onResult: (host) => {
      found.push({ address: host.address, kind: host.kind, mac: host.identity?.mac ?? null });
      if (found.length === request.cancelWhenFound) foundEnough();
    },
  });
  if (!scan.ok) throw new Error(scan.error.message);
  if (request.busyAfterStartMs !== undefined) {
    // A timer of the loop's first turn: after the connects' SYNs left, before the poll that reads answers.
    const busyMs = request.busyAfterStartMs;
    setTimeout(() => {
      const until = performance.now() + busyMs;
      while (performance.now() < until);
    }, 0);
  }
  let cancel: ScanChildRun['cancel'];
  if (request.cancelAfterMs !== undefined || request.cancelWhenFound !== undefined) {
    // A scan that ends first (fewer hosts than asked for) is not waited on for ever.
    if (request.cancelWhenFound !== undefined) await Promise.race([enoughFound, scan.value.done]);
    else await new Promise((resolve) => setTimeout(resolve, request.cancelAfterMs));
    const openBefore = scan.value.openSockets;
    const at = performance.now();
    scan.value.cancel();
    const openAfter = scan.value.openSockets;
    await scan.value.done;
    cancel = { openBefore, openAfter, settleMs: performance.now() - at };
  }
  const summary = await scan.value.done;
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  runs.push({
    ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
    confirmMs: scan.value.waits.confirmMs,
    found,
    summary,
    ...(cancel ? { cancel } : {}),
  });
}
process.stdout.write(`${JSON.stringify(runs)}\n`);
