/**
 * `npm run demo` as a technician runs it, in browser-preview mode (Electron cannot start here): stopping
 * npm with SIGTERM, SIGINT or SIGHUP stops everything the demo started — simulator, preview, loaders,
 * the private keyring and its bus — and frees their ports, so the next `npm run demo` starts on the same
 * addresses. Without a Secret Service in the session (no D-Bus session at all), the demo's app still gets
 * a working keychain: a private keyring for the run (scripts/with-keyring.sh --if-missing).
 *
 * Every process the demo starts inherits a marker variable of this run, which is how "every child is
 * gone" is checked: daemons that leave the process tree (gnome-keyring) are found too.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';
import { describeWith, privateKeyring } from '../support/requirements';
import { REPO_ROOT } from '../support/run-cli';

const MARKER = 'MINERDECK_DEMO_TEST_RUN';
const START_TIMEOUT_MS = 150_000; // the first start may build the app (10–20 s alone, more on a busy machine)
const STOP_TIMEOUT_MS = 20_000;

const dataDir = mkdtempSync(join(tmpdir(), 'minerdeck-demo-test-'));
const simulatorPort = await freePort();
// A loopback block of this run's own, so the fleet's addresses collide with no other test's.
const hostBase = `127.${randomInt(200, 250)}.${randomInt(0, 256)}`;

interface Demo {
  npm: ChildProcess;
  marker: string;
  output: () => string;
  /** Resolves when npm has exited. */
  exited: Promise<void>;
}

interface Ready {
  /** `http://127.0.0.1:<port>/#harness-token=…` */
  pageUrl: string;
  /** `http://127.x.y.z:<port>` of each simulated device. */
  devices: string[];
}

const started: Demo[] = [];

/** `npm run demo` with a session without D-Bus: no Secret Service, as on a laptop with no keyring running. */
function startDemo(): Demo {
  const marker = randomBytes(8).toString('hex');
  // No session bus at all: nothing of this test's own keyring (npm test may run inside one) reaches it.
  const {
    DBUS_SESSION_BUS_ADDRESS: _bus,
    MINERDECK_IN_PRIVATE_BUS: _private,
    MINERDECK_KEYRING_STAGE: _stage,
    ...inherited
  } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    [MARKER]: marker,
    MINERDECK_DEMO_PREVIEW: '1',
    MINERDECK_DEMO_COUNT: '3',
    // The device lines, on request (the demo prints the summary line alone without it).
    MINERDECK_DEMO_LIST: '1',
    MINERDECK_DEMO_PORT: String(simulatorPort),
    MINERDECK_DEMO_HOST_BASE: hostBase,
    MINERDECK_DATA_DIR: dataDir,
  };
  // Its own process group, as a shell runs a job: Ctrl-C is SIGINT to that group.
  const npm = spawn('npm', ['run', 'demo'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let text = '';
  npm.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  npm.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
  const demo = { npm, marker, output: () => text, exited };
  started.push(demo);
  return demo;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, ms: number, probe: () => T | undefined): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

async function ready(demo: Demo): Promise<Ready> {
  return until(`the demo to be ready; its output:\n${demo.output()}`, START_TIMEOUT_MS, () => {
    if (demo.npm.exitCode !== null) throw new Error(`the demo exited early:\n${demo.output()}`);
    const page = /Open in a browser on this machine:\s+(\S+)/.exec(demo.output());
    if (page?.[1] === undefined) return undefined;
    const devices = [...demo.output().matchAll(/^\[fleet\]\s+sim-\d+\s+(http:\/\/\S+)/gm)].map(
      (m) => m[1] ?? '',
    );
    return { pageUrl: page[1], devices };
  });
}

/** Running processes (zombies hold nothing) that carry this demo's marker, as `pid command`. */
function processesOf(marker: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const environ = readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0');
      if (!environ.includes(`${MARKER}=${marker}`)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      found.push(`${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'latin1').replaceAll('\0', ' ').trim()}`);
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

/** True when nothing listens on host:port (a listener of ours can take it). */
function isFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** Calls one channel of the preview's harness the way its page does: the token, from the page's origin. */
async function callChannel(pageUrl: string, channel: string): Promise<unknown> {
  const url = new URL(pageUrl);
  const token = url.hash.replace('#harness-token=', '');
  const ws = new WebSocket(`ws://${url.host}/__harness/socket?token=${token}`, { origin: url.origin });
  try {
    return await new Promise((resolve, reject) => {
      ws.once('error', reject);
      ws.once('open', () => ws.send(JSON.stringify({ id: 1, channel })));
      ws.on('message', (data: WebSocket.RawData) => {
        const message = JSON.parse(data.toString()) as { id?: number; result?: unknown };
        if (message.id === 1) resolve(message.result);
      });
    });
  } finally {
    ws.close();
  }
}

afterEach(async () => {
  // A failed test leaves nothing running: what this file started is killed by its process id.
  for (const demo of started.splice(0)) {
    for (const line of processesOf(demo.marker)) {
      try {
        process.kill(Number(line.split(' ')[0]), 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
});

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * SIGTERM and SIGHUP go to npm alone (`kill <pid>`): npm passes neither on to the demo (its `sh -c` dies of
 * SIGTERM, and npm itself of SIGHUP). SIGINT goes to npm's process group, as Ctrl-C does: sent to npm
 * alone it is passed to that `sh -c`, which holds it until the demo exits by itself.
 */
const STOPS = [
  { signal: 'SIGTERM', to: 'npm' },
  { signal: 'SIGINT', to: "npm's process group (Ctrl-C)" },
  { signal: 'SIGHUP', to: 'npm' },
] as const;

describe('npm run demo stops everything it started', () => {
  let firstDevices: string[] | undefined;

  for (const { signal, to } of STOPS) {
    it(
      `${signal} to ${to}: every child gone, the ports free, and the next start works on the same addresses`,
      async () => {
        const demo = startDemo();
        const { pageUrl, devices } = await ready(demo);
        expect(devices).toHaveLength(3);
        // Each start after the first takes the same addresses: the one before left none of them taken.
        firstDevices ??= devices;
        expect(devices).toEqual(firstDevices);
        expect(processesOf(demo.marker).length).toBeGreaterThanOrEqual(3);

        const npmPid = demo.npm.pid ?? 0;
        process.kill(to === 'npm' ? npmPid : -npmPid, signal);
        await Promise.race([
          demo.exited,
          sleep(STOP_TIMEOUT_MS).then(() => {
            throw new Error(`npm did not exit after ${signal}`);
          }),
        ]);
        const left = await until('the demo to stop', STOP_TIMEOUT_MS, () =>
          processesOf(demo.marker).length === 0 ? [] : undefined,
        ).catch(() => processesOf(demo.marker));
        expect(left, `still running after ${signal}:\n${demo.output()}`).toEqual([]);

        const preview = new URL(pageUrl);
        expect(await isFree(preview.hostname, Number(preview.port))).toBe(true);
        for (const device of devices) {
          const address = new URL(device);
          expect(await isFree(address.hostname, Number(address.port)), device).toBe(true);
        }
      },
      START_TIMEOUT_MS + 3 * STOP_TIMEOUT_MS,
    );
  }
});

describeWith(privateKeyring, 'npm run demo without a keychain service in the session', () => {
  it(
    'starts a private keyring: the app keeps passwords in a keychain, not session-only',
    async () => {
      const demo = startDemo();
      const { pageUrl } = await ready(demo);
      expect(await callChannel(pageUrl, 'credentials:keychain')).toMatchObject({
        ok: true,
        value: { state: 'available', persistent: true },
      });
      expect(demo.output()).toContain('Keychain: working (a private keyring for this demo run');
      demo.npm.kill('SIGTERM');
      await demo.exited;
      await until('the demo to stop', STOP_TIMEOUT_MS, () =>
        processesOf(demo.marker).length === 0 ? true : undefined,
      );
    },
    START_TIMEOUT_MS + STOP_TIMEOUT_MS,
  );
});
