// `npm run demo`: a simulated fleet on loopback plus the app pointed at it, for trying Minerdeck without
// devices. Starts the simulator (tests/simulator) in a child process, waits until it listens, then starts
// the Electron app with MINERDECK_DEMO=1 and the fleet's range and port, so the Discover view starts
// filled in. Where Electron cannot start (no display, or its binary cannot be downloaded — as on machines
// without internet), it serves the same app as a BROWSER PREVIEW instead: the built renderer and the real
// core services on 127.0.0.1 (scripts/demo-preview.ts), and prints the address to open in a browser.
//
// On Linux the app runs under scripts/with-keyring.sh --if-missing: when no Secret Service is running (a
// desktop without GNOME Keyring or KWallet, a headless machine), the demo gets a private keyring of its
// own for this run instead of falling back to session-only.
//
// Stopping: SIGINT (Ctrl-C), SIGTERM or SIGHUP — or the parent going away, since `npm run` runs this under
// `sh -c`, which dies of SIGTERM without passing it on — stop everything this started. Each child leads a
// process group of its own, and the whole group is stopped (wrappers, loaders, build tools, the keyring's
// bus), then waited for, so the next `npm run demo` finds its ports free.
//
// Knobs (environment): MINERDECK_DEMO_COUNT (devices, default 50), MINERDECK_DEMO_PORT (default 8080),
// MINERDECK_DEMO_HOST_BASE (the simulator's --host-base, default 127.0.1), MINERDECK_DEMO_PREVIEW=1 (the
// browser preview without trying Electron first), MINERDECK_DEMO_LIST=1 (one line per simulated device
// after the fleet's summary line; without it the summary alone: count, models, address range, port).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const env = process.env;
const count = env.MINERDECK_DEMO_COUNT ?? '50';
const port = env.MINERDECK_DEMO_PORT ?? '8080';
const hostBase = env.MINERDECK_DEMO_HOST_BASE;
const previewOnly = env.MINERDECK_DEMO_PREVIEW === '1';
const listDevices = env.MINERDECK_DEMO_LIST === '1';
/** How long the children get to close their sockets and files before they are killed. */
const STOP_GRACE_MS = 8_000;

/** The process groups this demo started (each child leads its own), in start order. */
const groups = new Set();
let stopping = false;

// After SIGHUP the terminal is gone: a failed write must not end the demo before it has stopped the rest.
process.stdout.on('error', () => undefined);
process.stderr.on('error', () => undefined);
const say = (line) => process.stdout.write(`${line}\n`);

/** Node with the tsx loader in the same process: no npx or tsx wrapper between the demo and its child. */
const tsx = (script, args = []) => [process.execPath, ['--import', 'tsx', script, ...args]];

/** On Linux, the command under a private keyring when no Secret Service is running. */
const withKeyring = ([command, args]) =>
  process.platform === 'linux'
    ? ['bash', ['scripts/with-keyring.sh', '--if-missing', command, ...args]]
    : [command, args];

function run([command, args], options = {}) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], ...options, detached: true });
  groups.add(child.pid);
  return child;
}

/** State, parent and process group of process `pid`, from /proc (Linux); undefined where unreadable. */
function procStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command's name, in parentheses: state, parent, process group.
    const [state, parent, group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state, parent: Number(parent), group: Number(group) };
  } catch {
    return undefined; // gone, or no /proc here
  }
}

/** Whether process group `pgid` still has a running member (zombies, waiting to be reaped, hold nothing). */
function isRunning(pgid) {
  if (process.platform === 'linux') {
    return readdirSync('/proc').some((name) => {
      if (!/^\d+$/.test(name)) return false;
      const stat = procStat(name);
      return stat !== undefined && stat.group === pgid && stat.state !== 'Z';
    });
  }
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function signalGroups(signal) {
  for (const pgid of groups) {
    try {
      process.kill(-pgid, signal);
    } catch {
      // that group has ended
    }
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const stillRunning = () => [...groups].filter(isRunning);

async function waitForGroups(ms) {
  const deadline = Date.now() + ms;
  while (stillRunning().length > 0 && Date.now() < deadline) await sleep(100);
  return stillRunning().length === 0;
}

async function stopAll(code, why) {
  if (stopping) return;
  stopping = true;
  if (why !== undefined) say(`demo: ${why}: stopping the simulator and the app…`);
  signalGroups('SIGTERM');
  if (!(await waitForGroups(STOP_GRACE_MS))) {
    process.stderr.write(`demo: not stopped after ${STOP_GRACE_MS / 1000} s: killing what is left.\n`);
    signalGroups('SIGKILL');
    await waitForGroups(2_000);
  }
  say('demo: stopped.');
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => void stopAll(0, signal));
}
// `npm run` starts this under `sh -c`, and neither passes SIGHUP on (nor the shell SIGTERM): when npm or the
// shell is stopped, this process is left behind. So the demo also stops when its parent goes away, or —
// under that shell — the shell's parent (npm); seen within a quarter of a second, the children follow.
const commandOf = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
};
const parent = process.ppid;
const npmAbove = /^(sh|dash|bash)$/.test(commandOf(parent)) ? procStat(parent)?.parent : undefined;
setInterval(() => {
  if (process.ppid !== parent || (npmAbove !== undefined && procStat(parent)?.parent !== npmAbove)) {
    void stopAll(0, 'npm or the terminal went away');
  }
}, 250).unref();

const simulator = run(
  tsx('tests/simulator/cli.ts', [
    '--count',
    count,
    '--port',
    port,
    ...(hostBase !== undefined ? ['--host-base', hostBase] : []),
    ...(listDevices ? ['--list'] : []),
  ]),
);
const lines = createInterface({ input: simulator.stdout });
let ready = false;
let range = '';
lines.on('line', (line) => {
  say(`[fleet] ${line}`);
  const found = /^Target range:\s+(\S+)/.exec(line);
  if (found) range = found[1];
  if (!ready && /^Running/.test(line)) {
    ready = true;
    startApp();
  }
});
simulator.on('exit', (code) => {
  if (stopping) return;
  if (!ready) process.stderr.write(`demo: the simulator exited before it was ready (code ${code}).\n`);
  else process.stderr.write(`demo: the simulator stopped (code ${code}).\n`);
  void stopAll(1);
});

const demoEnv = () => ({
  ...env,
  MINERDECK_DEMO: '1',
  MINERDECK_DEMO_TARGETS: range,
  MINERDECK_DEMO_PORT: port,
});

function startPreview() {
  const preview = run(withKeyring(tsx('scripts/demo-preview.ts')), {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: demoEnv(),
  });
  preview.on('exit', (code) => {
    if (!stopping) void stopAll(code ?? 1);
  });
}

function startApp() {
  if (previewOnly) return startPreview();
  const app = run(withKeyring(['npm', ['start']]), {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: demoEnv(),
  });
  app.on('exit', (code) => {
    if (stopping) return;
    if (code === 0) return void stopAll(0);
    say(
      [
        '',
        'demo: the desktop app could not start here (see above): Electron needs a display and its binary,',
        'which is downloaded once on first start. Starting the BROWSER PREVIEW instead: the same app (built',
        'renderer, real core services, keychain and all) served on 127.0.0.1 for a browser on this machine.',
      ].join('\n'),
    );
    startPreview();
  });
}
