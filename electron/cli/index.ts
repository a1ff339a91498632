/**
 * Process entry of the CLI (`npm run -s cli -- <command>`): wires stdin/stdout, Ctrl-C → cancel, a closed
 * pipe → cancel and a quiet end (output.ts), and the real device client, then exits with the command's code.
 */
import { homedir, hostname } from 'node:os';
import { openKeychain } from '../core/credentials/open-keychain';
import { createDeviceClient } from '../core/device/client';
import { defaultDataDir } from '../core/inventory/data-dir';
import { copyToClipboard } from './clipboard';
import { runCli } from './main';
import { consoleOutput, endOnClosedPipe, EXIT } from './output';

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

const argv = process.argv.slice(2);
const code = await runCli(
  {
    output: consoleOutput(argv.includes('--json')),
    secrets: { stdin: process.stdin, prompt: process.stderr },
    signal: controller.signal,
    createClient: createDeviceClient,
    progress: process.stderr,
    // Short commands file what they stored when they finish (credentials-context.ts), not in the background.
    openKeychain: () => openKeychain({ env: process.env, autoFile: false }),
    hostname: hostname(),
    copyToClipboard: (text) => copyToClipboard(text),
    dataDir: defaultDataDir({ env: process.env, platform: process.platform, home: homedir() }),
  },
  argv,
);
process.exitCode = pipeClosed ? EXIT.closedPipe : code;
// A keychain call that never answered (a locked keyring waiting on a prompt) keeps a native worker busy;
// the command has already said so and finished, so it must not keep the process alive.
setTimeout(() => process.exit(), 200).unref();
