/**
 * One `minerdeck` CLI run of the field benchmark, as a child process (the built bin, as a technician's
 * shell runs it), with its CPU time and peak memory read from /proc while it runs: what Minerdeck costs
 * the laptop, apart from the simulated hall that shares the machine.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { CLI_COMMAND, REPO_ROOT } from '../../support/run-cli';

export interface ChildRun {
  code: number | null;
  stdout: string;
  stderr: string;
  json: Record<string, unknown>[];
  realMs: number;
  /** User + system CPU of the child, ms (its last reading before it ended). */
  cpuMs: number;
  /** The child's peak resident memory (VmHWM), MB. */
  peakRssMb: number;
}

const TICKS_PER_SECOND = 100;

/** utime + stime of a process from /proc/<pid>/stat, in ms; undefined once it is gone. */
function cpuOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** VmHWM of a process, MB; undefined once it is gone. */
function peakOf(pid: number): number | undefined {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match === null ? undefined : Number(match[1]) / 1024;
  } catch {
    return undefined;
  }
}

export function runChild(
  args: readonly string[],
  options: { env: Record<string, string | undefined>; stdin?: string; onStderr?: (line: string) => void },
): Promise<ChildRun> {
  const started = performance.now();
  const child = spawn(CLI_COMMAND[0]!, [...CLI_COMMAND.slice(1), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    stderr += text;
    pending += text;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) options.onStderr?.(line);
  });
  child.stdin.end(options.stdin ?? '');
  let cpuMs = 0;
  let peakRssMb = 0;
  const sample = (): void => {
    if (child.pid === undefined) return;
    cpuMs = cpuOf(child.pid) ?? cpuMs;
    peakRssMb = Math.max(peakRssMb, peakOf(child.pid) ?? 0);
  };
  const sampler = setInterval(sample, 200);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', () => sample());
    child.on('close', (code) => {
      clearInterval(sampler);
      const json = stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .flatMap((l) => {
          try {
            return [JSON.parse(l) as Record<string, unknown>];
          } catch {
            return [];
          }
        });
      resolve({ code, stdout, stderr, json, realMs: performance.now() - started, cpuMs, peakRssMb });
    });
  });
}
