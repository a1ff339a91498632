/**
 * Process entry of the CLI (`npm run -s cli -- <command>`): wires stdin/stdout, Ctrl-C → cancel, and the
 * real device client, then exits with the command's code.
 */
import { createDeviceClient } from '../core/device/client';
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
  },
  argv,
);
process.exitCode = code;
