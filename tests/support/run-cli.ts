/**
 * Runs the real `minerdeck` CLI as a child process, the way a technician's shell would: the built bundle
 * that package.json's `bin` names (out/cli, written by `npm run build:cli` and by the test run's global
 * setup, tests/support/build-cli-once.ts), run by `node` — what an installed package runs, no loader.
 */
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The `minerdeck` bin of package.json. npm links no node_modules/.bin entry for the package itself. */
export const CLI_BIN = resolve(
  REPO_ROOT,
  (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { bin: { minerdeck: string } }).bin
    .minerdeck,
);

/** The command line that starts the CLI: this Node running the bin (arguments go after it). */
export const CLI_COMMAND: readonly string[] = [process.execPath, CLI_BIN];

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

/**
 * Likewise the data folder, never the developer's own: a command that needs a site makes "Site 1" in a
 * folder with none. Suites pass `--data-dir` (or MINERDECK_DATA_DIR / XDG_CONFIG_HOME in `env`) to choose.
 */
export const DEFAULT_TEST_DATA_DIR =
  process.env.MINERDECK_DATA_DIR ?? join(tmpdir(), `minerdeck-test-cli-data-${process.pid}`);
if (process.env.MINERDECK_DATA_DIR === undefined) {
  process.once('exit', () => rmSync(DEFAULT_TEST_DATA_DIR, { recursive: true, force: true }));
}

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
    /**
     * Closes the reading end of the CLI's stdout, as `| head` does, once it printed at least this many
     * characters (0: before it prints anything); `onClosed` runs then. What it printed until then is kept.
     */
    closeStdoutAfter?: number;
    onClosed?: () => void;
    /** Closes the reading end of its stderr at once. */
    closeStderr?: boolean;
  } = {},
): Promise<CliRun> {
  return new Promise((resolvePromise, reject) => {
    const command = [...(options.prefix ?? []), ...CLI_COMMAND, ...args];
    const child = spawn(command[0] ?? process.execPath, command.slice(1), {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        MINERDECK_KEYCHAIN_SERVICE: DEFAULT_TEST_KEYCHAIN_SERVICE,
        MINERDECK_DATA_DIR: DEFAULT_TEST_DATA_DIR,
        NODE_NO_WARNINGS: '1',
        ...options.env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let interrupted = false;
    const closeStdout = (): void => {
      child.stdout.destroy();
      options.onClosed?.();
    };
    if (options.closeStdoutAfter === 0) closeStdout();
    if (options.closeStderr === true) child.stderr.destroy();
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const after = options.closeStdoutAfter;
      if (after !== undefined && after > 0 && stdout.length >= after && !child.stdout.destroyed)
        closeStdout();
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
      resolvePromise({ code, stdout, stderr, json: jsonLinesOf(stdout) });
    });
    child.stdin.end(options.stdin ?? '');
  });
}

/**
 * The lines of `stdout` that are JSON objects. A line that starts like one but is not (pretty-printed JSON,
 * a cut line) is left out rather than thrown: a throw in the child's `close` handler would leave the run
 * never settling, and the test would time out without saying why.
 */
function jsonLinesOf(stdout: string): Record<string, unknown>[] {
  const objects: Record<string, unknown>[] = [];
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      objects.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      // Not a JSON line: the test reads `stdout` itself.
    }
  }
  return objects;
}
