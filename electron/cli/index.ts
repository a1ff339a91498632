/**
 * Process entry of the CLI (`npm run -s cli -- <command>`): wires stdin/stdout, Ctrl-C → cancel, and the
 * real device client, then exits with the command's code.
 */
import { homedir, hostname } from 'node:os';
import { openKeychain } from '../core/credentials/open-keychain';
import { createDeviceClient } from '../core/device/client';
import { defaultDataDir } from '../core/inventory/data-dir';
import { copyToClipboard } from './clipboard';
import { runCli } from './main';
import { consoleOutput } from './output';

const controller = new AbortController();
let interrupted = false;
const onSignal = () => {
  if (interrupted) process.exit(130);
  interrupted = true;
  controller.abort();
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

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
process.exitCode = code;
// A keychain call that never answered (a locked keyring waiting on a prompt) keeps a native worker busy;
// the command has already said so and finished, so it must not keep the process alive.
setTimeout(() => process.exit(code), 200).unref();
