/**
 * Output to a reader that went away (`minerdeck status … | head -5`) ends the command
 * quietly, as `ls | head` does — no EPIPE stack trace, exit 141 (128 + SIGPIPE) — for any command, on
 * stdout and on stderr, and a `monitor` that runs until stopped ends too. The real CLI as a child process
 * whose stdout (or stderr) is closed by the test, against simulated devices over loopback HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fleet, SimDevice } from '../simulator';
import { startFleet } from '../simulator';
import { tempDataDir } from '../support/inventory-fixtures';
import { runCli } from '../support/run-cli';
import { devicesOf } from '../support/sim-targets';

const PASSWORD = 'pipe-Pa55';
/** What an unhandled EPIPE leaves on stderr: the code and a stack trace. */
const CRASH = /EPIPE|^\s+at /m;

let fleet: Fleet;
let field: SimDevice;
let watched: SimDevice;
let steady: SimDevice;
let down: SimDevice;

beforeAll(async () => {
  fleet = await startFleet({ defaults: { password: PASSWORD }, devices: [{}, {}, {}, {}] });
  [field, watched, steady, down] = devicesOf(fleet, 4);
  await down.goDown(600);
});
afterAll(() => fleet.close());

describe('a closed pipe ends the command quietly', () => {
  it.each([
    ['help', () => ['help']],
    ['status', () => ['status', field.address, '--password-stdin']],
    ['status --json', () => ['status', field.address, '--password-stdin', '--json']],
    ['scan --json', () => ['scan', field.host, steady.host, '--port', String(field.port), '--json']],
    ['report', () => ['report', '--no-check', '--format', 'csv', '--data-dir', tempDataDir('pipe-report')]],
  ])('%s, its stdout closed before it printed', { timeout: 30_000 }, async (_name, args) => {
    const run = await runCli(args(), { stdin: PASSWORD, closeStdoutAfter: 0 });
    expect(run.stderr).not.toMatch(CRASH);
    expect(run.code).toBe(141);
  });

  it('its stderr closed: a failure it cannot say ends it quietly too', { timeout: 30_000 }, async () => {
    const run = await runCli(['status', down.address, '--password-stdin'], {
      stdin: PASSWORD,
      closeStderr: true,
    });
    // Without the guard the unhandled EPIPE crashes the process (exit 1, like any failure of the device).
    expect(run.code).toBe(141);
    expect(run.stdout).not.toMatch(CRASH);
  });

  it('a monitor stops polling and ends once its reader is gone', { timeout: 30_000 }, async () => {
    let closedAt = 0;
    const run = await runCli(['monitor', watched.address, steady.address, '--interval', '0.2', '--json'], {
      timeoutMs: 25_000,
      closeStdoutAfter: 1,
      // The reader left after the first line; the monitor learns it when it next has something to say.
      onClosed: () => {
        closedAt = Date.now();
        watched.addFault({ fault: { kind: 'http-500' }, paths: ['/api/v1/status'] });
      },
    });
    const endedAt = Date.now();
    expect(run.stderr).not.toMatch(CRASH);
    expect(run.code).toBe(141);
    expect(closedAt).toBeGreaterThan(0);
    expect(endedAt - closedAt).toBeLessThan(10_000);
    // No poll after the end: nothing keeps polling (or holds a socket to) the device that stayed up.
    const polled = fleet.requests.filter((r) => r.host === steady.host).length;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(fleet.requests.filter((r) => r.host === steady.host)).toHaveLength(polled);
  });
});
