/**
 * Process entry of the CLI (`npm run -s cli -- <command>`): wires stdin/stdout, Ctrl-C → cancel, a closed
 * pipe → cancel and a quiet end (output.ts), and the real device client, then exits with the command's code.
 */
import { homedir, hostname } from 'node:os';
import type { createDeviceClient, DeviceClientOptions } from '../core/device/client';
import { defaultDataDir } from '../core/inventory/data-dir';
import { tuneGcForMonitoring } from '../core/monitor/gc-tuning';
import { filesInBackground } from './keychain-filing';
import { runCli } from './main';
import { consoleOutput, endOnClosedPipe, EXIT } from './output';

// A monitor of thousands of devices: V8's garbage collection set for it, memory and CPU (gc-tuning.ts).
tuneGcForMonitoring();

const controller = new AbortController();
let interrupted = false;
const onSignal = () => {
  if (interrupted) process.exit(130);
  interrupted = true;
  controller.abort();
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
let pipeClosed = false;
endOnClosedPipe(() => {
  // Also when the command has finished already: its last line is what met the closed pipe.
  pipeClosed = true;
  process.exitCode = EXIT.closedPipe;
  controller.abort();
  // A command that does not answer its signal soon still ends: the reader is gone.
  setTimeout(() => process.exit(EXIT.closedPipe), 2_000).unref();
});

/**
 * The device client, the keychain and the clipboard load only for a command that runs (`prepare`, or on
 * first use): `help`, a usage line or a typo print at about Node's own start-up time.
 */
let loadedClient: typeof createDeviceClient | undefined;
const createClient = (options: DeviceClientOptions) => {
  if (loadedClient === undefined) throw new Error('the device client is used before prepare() loaded it');
  return loadedClient(options);
};

const argv = process.argv.slice(2);
const code = await runCli(
  {
    output: consoleOutput(argv.includes('--json')),
    secrets: { stdin: process.stdin, prompt: process.stderr },
    signal: controller.signal,
    createClient,
    prepare: async () => {
      loadedClient ??= (await import('../core/device/client')).createDeviceClient;
    },
    progress: process.stderr,
    // Short commands file what they stored when they finish (credentials-context.ts); long ones meanwhile.
    openKeychain: async () =>
      (await import('../core/credentials/open-keychain')).openKeychain({
        env: process.env,
        autoFile: filesInBackground(argv),
      }),
    hostname: hostname(),
    copyToClipboard: async (text) => (await import('./clipboard')).copyToClipboard(text),
    dataDir: defaultDataDir({ env: process.env, platform: process.platform, home: homedir() }),
  },
  argv,
);
process.exitCode = pipeClosed ? EXIT.closedPipe : code;
// A keychain call that never answered (a locked keyring waiting on a prompt) keeps a native worker busy;
// the command has already said so and finished, so it must not keep the process alive.
setTimeout(() => process.exit(), 200).unref();
