// `npm run demo`: a simulated fleet on loopback plus the desktop app, for trying Minerdeck without devices.
// Starts the simulator (tests/simulator) in a child process, waits until it listens, then builds and starts
// the Electron app. Where Electron cannot start (no display, or its binary cannot be downloaded — as on
// machines without internet), it says so and keeps the fleet running for the CLI until Ctrl-C.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const count = process.env.MINERDECK_DEMO_COUNT ?? '50';
const port = process.env.MINERDECK_DEMO_PORT ?? '8080';
const children = new Set();

function run(command, args, options = {}) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'], ...options });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

function stopAll(code) {
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 300).unref();
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

const simulator = run('npx', ['tsx', 'tests/simulator/cli.ts', '--count', count, '--port', port]);
const lines = createInterface({ input: simulator.stdout });
let ready = false;
lines.on('line', (line) => {
  process.stdout.write(`[fleet] ${line}\n`);
  if (!ready && /^Running/.test(line)) {
    ready = true;
    startApp();
  }
});
simulator.on('exit', (code) => {
  if (!ready) {
    console.error(`demo: the simulator exited before it was ready (code ${code}).`);
    stopAll(1);
  }
});

function startApp() {
  const app = run('npm', ['start'], {
    stdio: 'inherit',
    env: { ...process.env, MINERDECK_DEMO: '1' },
  });
  app.on('exit', (code) => {
    if (code === 0) return stopAll(0);
    console.error(
      [
        '',
        'demo: the desktop app could not start (see above). Electron needs a display and its binary, which',
        'is downloaded once on first start; machines without internet cannot fetch it.',
        'The simulated fleet keeps running: try the CLI in another terminal, e.g.',
        `  printf %s admin | npm run -s cli -- status 127.0.1.1:${port} --password-stdin`,
        'Press Ctrl-C to stop the fleet.',
      ].join('\n'),
    );
  });
}
