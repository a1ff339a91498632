/**
 * The `minerdeck` CLI as a keychain suite runs it: under the suite's own keychain service (never another
 * suite's entries), in the suite's own data folder, and with no display, as over SSH on a site laptop.
 */
import type { CliRun } from './run-cli';
import { runCli } from './run-cli';

/** The environment of the suite's CLI runs: its keychain service, no display. */
export function suiteEnv(service: string): Record<string, string | undefined> {
  return { MINERDECK_KEYCHAIN_SERVICE: service, DISPLAY: undefined, WAYLAND_DISPLAY: undefined };
}

/**
 * `cli(args, stdin?)` for a suite: `--data-dir` added (the folder is made in `beforeAll`, hence a getter),
 * the standard input given only when there is one.
 */
export function suiteCli(options: {
  service: string;
  dataDir: () => string;
  timeoutMs: number;
}): (args: readonly string[], stdin?: string) => Promise<CliRun> {
  const env = suiteEnv(options.service);
  return (args, stdin) =>
    runCli([...args, '--data-dir', options.dataDir()], {
      env,
      timeoutMs: options.timeoutMs,
      ...(stdin !== undefined ? { stdin } : {}),
    });
}
