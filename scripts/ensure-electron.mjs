// Electron 45 ships no install script: its binary is fetched on first launch. electron-vite only looks for
// an installed binary, so `npm start`, `npm run dev` and `npm run demo` fetch it here first. On machines
// without internet this fails fast with a clear message (exit 1) instead of a stack trace.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const electronDir = dirname(require.resolve('electron/package.json'));

if (existsSync(join(electronDir, 'path.txt'))) process.exit(0);

console.log('Electron binary not installed yet: downloading it (needs internet, once)…');
const result = spawnSync(process.execPath, [join(electronDir, 'install.js')], {
  stdio: ['ignore', 'ignore', 'pipe'],
});
if (result.status === 0 && existsSync(join(electronDir, 'path.txt'))) process.exit(0);
console.error(
  'The Electron binary could not be downloaded (no internet?). The app cannot start on this machine;\n' +
    'the CLI (npm run -s cli -- help) and the simulator (npm run simulator) work without it.',
);
process.exit(1);
