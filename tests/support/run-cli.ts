/** Runs the real `minerdeck` CLI as a child process, the way a technician's shell would. */
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CLI_ENTRY = resolve(REPO_ROOT, 'electron/cli/index.ts');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON Lines (lines that are not JSON are left out). */
  json: Record<string, unknown>[];
}

/**
 * Keychain entries of CLI runs go under a service of this test process, never the production `minerdeck`
 * (the developer's own keyring may be on the bus). Suites that store things pass their own and clean up.
 */
export const DEFAULT_TEST_KEYCHAIN_SERVICE =
  process.env.MINERDECK_KEYCHAIN_SERVICE ?? `minerdeck-test-cli-${process.pid}`;

export function runCli(
  args: readonly string[],
  options: {
    stdin?: string;
    timeoutMs?: number;
    env?: Record<string, string | undefined>;
    /** A wrapper command the CLI runs under, e.g. `['scripts/with-keyring.sh', '--locked']`. */
    prefix?: readonly string[];
    /** Sends SIGINT (Ctrl-C) once, when what the CLI printed so far satisfies this. */
    interruptWhen?: (stdout: string) => boolean;
  } = {},
): Promise<CliRun> {
  return new Promise((resolvePromise, reject) => {
    const command = [...(options.prefix ?? []), process.execPath, '--import', 'tsx', CLI_ENTRY, ...args];
    const child = spawn(command[0] ?? process.execPath, command.slice(1), {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        MINERDECK_KEYCHAIN_SERVICE: DEFAULT_TEST_KEYCHAIN_SERVICE,
        NODE_NO_WARNINGS: '1',
        ...options.env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let interrupted = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!interrupted && options.interruptWhen?.(stdout) === true) {
        interrupted = true;
        child.kill('SIGINT');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 15_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const json = stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      resolvePromise({ code, stdout, stderr, json });
    });
    child.stdin.end(options.stdin ?? '');
  });
}
