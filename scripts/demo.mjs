// `npm run demo`: a simulated fleet on loopback plus the app pointed at it, for trying Minerdeck without
// devices. Starts the simulator (tests/simulator) in a child process, waits until it listens, then starts
// the Electron app with MINERDECK_DEMO=1 and the fleet's range and port, so the Discover view starts
// filled in. Where Electron cannot start (no display, or its binary cannot be downloaded — as on machines
// without internet), it serves the same app as a BROWSER PREVIEW instead: the built renderer and the real
// core services on 127.0.0.1 (scripts/demo-preview.ts), and prints the address to open in a browser.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const count = process.env.MINERDECK_DEMO_COUNT ?? '50';
const port = process.env.MINERDECK_DEMO_PORT ?? '8080';
const children = new Set();
let stopping = false;

function run(command, args, options = {}) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], ...options });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

function stopAll(code) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

const simulator = run('npx', ['tsx', 'tests/simulator/cli.ts', '--count', count, '--port', port]);
const lines = createInterface({ input: simulator.stdout });
let ready = false;
let range = '';
lines.on('line', (line) => {
  process.stdout.write(`[fleet] ${line}\n`);
  const found = /^Target range:\s+(\S+)/.exec(line);
  if (found) range = found[1];
  if (!ready && /^Running/.test(line)) {
    ready = true;
    startApp();
  }
});
simulator.on('exit', (code) => {
  if (!ready && !stopping) {
    console.error(`demo: the simulator exited before it was ready (code ${code}).`);
    stopAll(1);
  }
});

const demoEnv = () => ({
  ...process.env,
  MINERDECK_DEMO: '1',
  MINERDECK_DEMO_TARGETS: range,
  MINERDECK_DEMO_PORT: port,
});

function startApp() {
  const app = run('npm', ['start'], { stdio: 'inherit', env: demoEnv() });
  app.on('exit', (code) => {
    if (stopping) return;
    if (code === 0) return stopAll(0);
    console.log(
      [
        '',
        'demo: the desktop app could not start here (see above): Electron needs a display and its binary,',
        'which is downloaded once on first start. Starting the BROWSER PREVIEW instead: the same app (built',
        'renderer, real core services, keychain and all) served on 127.0.0.1 for a browser on this machine.',
      ].join('\n'),
    );
    const preview = run('npx', ['tsx', 'scripts/demo-preview.ts'], { stdio: 'inherit', env: demoEnv() });
    preview.on('exit', (previewCode) => {
      if (!stopping) stopAll(previewCode ?? 1);
    });
  });
}
