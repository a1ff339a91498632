/**
 * The `minerdeck` command: dispatches to one module per command over the same core services the app
 * uses. Returns the exit code instead of exiting, so tests can run it in-process too.
 */
import { appError } from '../../shared/result';
import {
  KEY_USAGE,
  KEYCHAIN_USAGE,
  MONITOR_USAGE,
  SCAN_USAGE,
  STATUS_USAGE,
  UNLOCK_USAGE,
} from './commands/command-usage';
import { passwordCommand } from './commands/password';
import { PASSWORD_USAGE } from './commands/password-usage';
import { poolsCommand } from './commands/pools';
import { POOLS_USAGE } from './commands/pools-usage';
import { profileCommand } from './commands/profile';
import { PROFILE_USAGE } from './commands/profile-usage';
import { firmwareCommand, FIRMWARE_USAGE } from './commands/firmware';
import {
  EXPORT_USAGE,
  IMPORT_USAGE,
  REPORT_USAGE,
  SITE_USAGE,
  TRUST_USAGE,
} from './commands/inventory-usage';
import { LOCATE_USAGE, REBOOT_USAGE, RESTART_MINING_USAGE } from './commands/device-action-usage';
import { ACCEPT_USAGE } from './commands/accept-usage';
import { PLACE_USAGE } from './commands/layout-usage';
import { COMMISSION_USAGE, STANDARD_USAGE } from './commands/standard-usage';
import type { CliContext } from './commands/context';
import { takeDataDir } from './data-dir-option';
import { withInventoryPins } from './inventory-pins';
import { EXIT, printableOutput, printLines, reportError } from './output';

const COMMANDS: Record<
  string,
  { run: (ctx: CliContext, argv: readonly string[]) => Promise<number>; usage: string; summary: string }
> = {
  // Every command module loads when it runs: `help` (and a typo) must not pay for the device client,
  // the keychain and the domain schemas (see command-usage.ts).
  scan: {
    run: async (ctx, argv) => (await import('./commands/scan')).scanCommand(ctx, argv),
    usage: SCAN_USAGE,
    summary: 'find the devices on a LAN (anonymous reads only: no password, no POST)',
  },
  status: {
    run: async (ctx, argv) => (await import('./commands/status')).statusCommand(ctx, argv),
    usage: STATUS_USAGE,
    summary: 'read a device’s state and metrics',
  },
  unlock: {
    run: async (ctx, argv) => (await import('./commands/unlock')).unlockCommand(ctx, argv),
    usage: UNLOCK_USAGE,
    summary: 'try a password on devices (never prints the token); --remember stores it in the keychain',
  },
  key: {
    run: async (ctx, argv) => (await import('./commands/key')).keyCommand(ctx, argv),
    usage: KEY_USAGE,
    summary: 'API keys: create (verified, stored in the keychain, never printed), list, revoke, copy',
  },
  password: {
    run: passwordCommand,
    usage: PASSWORD_USAGE,
    summary:
      'replace device passwords (preview first; --yes sends one change per device, keychain first, never printed)',
  },
  pools: {
    run: poolsCommand,
    usage: POOLS_USAGE,
    summary:
      'set up to 3 pools with worker-name templates ({mac6}, {ip4}, {label}…; preview first, --yes writes once per device and reads back), show them, list presets',
  },
  profile: {
    run: profileCommand,
    usage: PROFILE_USAGE,
    summary:
      "power profiles: list each device's autotune presets; set one by name, the highest under --max-watts, or spread a --site-kw budget for the most hash rate (plan first, --yes writes once per device and reads back)",
  },
  locate: {
    run: async (ctx, argv) =>
      (await import('./commands/device-action')).deviceActionCommand('locate', ctx, argv),
    usage: LOCATE_USAGE,
    summary:
      'blink the locate LED on (read first, toggled only when needed; off by itself after --minutes, default 10) or --off',
  },
  'restart-mining': {
    run: async (ctx, argv) =>
      (await import('./commands/device-action')).deviceActionCommand('restart-mining', ctx, argv),
    usage: RESTART_MINING_USAGE,
    summary: 'restart mining on devices (one request each; monitors show them restarting, not failing)',
  },
  reboot: {
    run: async (ctx, argv) =>
      (await import('./commands/device-action')).deviceActionCommand('reboot', ctx, argv),
    usage: REBOOT_USAGE,
    summary:
      'reboot devices (refused without --yes, naming the count; monitors show them rebooting, not offline)',
  },
  firmware: {
    run: firmwareCommand,
    usage: FIRMWARE_USAGE,
    summary:
      'bring devices to one firmware version: the plan first, then a canary and batches, each device verified by the version it reports after its reboot; stops at the first failure, resumes where it stopped (--retry-failed: failed devices again); status: versions by model',
  },
  standard: {
    run: async (ctx, argv) => (await import('./commands/standard')).standardCommand(ctx, argv),
    usage: STANDARD_USAGE,
    summary:
      "a site's standard (its password in the keychain, pools with worker templates, power rule, firmware, acceptance): show it, set parts of it",
  },
  commission: {
    run: async (ctx, argv) => (await import('./commands/commission')).commissionCommand(ctx, argv),
    usage: COMMISSION_USAGE,
    summary:
      'bring devices to the site standard: per device the steps it needs (--dry-run lists them), then password, firmware, pools and preset in one write, a restart if asked, acceptance; a device at the standard gets no write',
  },
  keychain: {
    run: async (ctx, argv) => (await import('./commands/keychain')).keychainCommand(ctx, argv),
    usage: KEYCHAIN_USAGE,
    summary: 'whether the OS keychain works, and what to do when it does not',
  },
  monitor: {
    run: async (ctx, argv) => (await import('./commands/monitor')).monitorCommand(ctx, argv),
    usage: MONITOR_USAGE,
    summary: 'watch devices live: state with its reason, readings, alerts (a table, or --json lines)',
  },
  accept: {
    run: async (ctx, argv) => (await import('./commands/accept')).acceptCommand(ctx, argv),
    usage: ACCEPT_USAGE,
    summary:
      'let devices settle (up to 15 min), watch each for a window (default 30 min) and give each a verdict: boards, chips, hash rate, temperatures, fans, pool; pending when still settling; kept in the site for the report',
  },
  // The inventory commands load when they run (their schemas pull in zod; see inventory-usage.ts).
  site: {
    run: async (ctx, argv) => (await import('./commands/site')).siteCommand(ctx, argv),
    usage: SITE_USAGE,
    summary: 'the sites of the inventory, and the current one scans add to (scan --save)',
  },
  import: {
    run: async (ctx, argv) => (await import('./commands/import')).importCommand(ctx, argv),
    usage: IMPORT_USAGE,
    summary: 'merge another laptop’s site export (conflicts listed), or add planned devices from a CSV',
  },
  export: {
    run: async (ctx, argv) => (await import('./commands/export')).exportCommand(ctx, argv),
    usage: EXPORT_USAGE,
    summary: 'a site as JSON for another technician to merge; no secrets in it',
  },
  place: {
    run: async (ctx, argv) => (await import('./commands/place')).placeCommand(ctx, argv),
    usage: PLACE_USAGE,
    summary:
      "put devices in the site's slots (preview first; a move needs --yes) and write each one's location on the device (notes API, read back)",
  },
  trust: {
    run: async (ctx, argv) => (await import('./commands/trust')).trustCommand(ctx, argv),
    usage: TRUST_USAGE,
    summary: 'trust an https device’s certificate (its SHA-256, as the last scan --save saw it)',
  },
  report: {
    run: async (ctx, argv) => (await import('./commands/report')).reportCommand(ctx, argv),
    usage: REPORT_USAGE,
    summary: 'the hand-over report of a site (reads every device once first, unless --no-check)',
  },
};

export function helpText(): string {
  const lines = ['Minerdeck — commission mining devices on site.', '', 'Usage:'];
  for (const { usage, summary } of Object.values(COMMANDS)) lines.push(`  ${usage}`, `      ${summary}`);
  lines.push(
    '',
    'Secrets are read from standard input only, e.g.:',
    '  printf %s "$PW" | minerdeck status 10.0.0.5 --password-stdin',
  );
  lines.push(
    'Targets: addresses (10.0.0.5, http://host:8080), and for the commands that say <targets…> ranges and blocks',
    '  (10.0.0.1-10.0.0.200, 10.0.0.0/24). --port N is the port of every target written without one (a :port',
    '  written on a target wins: 10.0.0.1-10.0.0.200 --port 8080 = 10.0.0.1-10.0.0.200:8080). --all is every device',
    '  of the current site (or of --site NAME) at the address the site keeps: not with addresses, not with --port.',
  );
  lines.push(
    'Every command takes --data-dir DIR: the folder holding the inventory (default: the app’s data folder).',
  );
  lines.push(
    'Exit codes: 0 ok, 1 the device operation failed (place: a device refused or its note not written), 2 bad usage, 3 none failed but some not judged yet (accept, commission: devices still settling at the settle limit), 130 cancelled.',
  );
  return lines.join('\n');
}

export async function runCli(ctx: CliContext, args: readonly string[]): Promise<number> {
  const taken = takeDataDir(args);
  if (!taken.ok) return reportError(printableOutput(ctx.output, args.includes('--json')), taken.error);
  const argv = taken.value.argv;
  // Every command prints through this: human lines printable, JSON exact (output.ts).
  const output = printableOutput(ctx.output, argv.includes('--json'));
  ctx = { ...ctx, output };
  if (taken.value.dataDir !== undefined) ctx = { ...ctx, dataDir: taken.value.dataDir };
  // Every device client of every command talks to https devices only through their trusted certificate.
  ctx = withInventoryPins(ctx);
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    printLines(output, helpText());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = COMMANDS[name];
  if (command === undefined) {
    return reportError(
      output,
      appError('INVALID_INPUT', `unknown command "${name}". Run "minerdeck help" for the list.`),
    );
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    printLines(output, `Usage: ${command.usage}`);
    return EXIT.ok;
  }
  await ctx.prepare?.();
  return command.run(ctx, rest);
}
