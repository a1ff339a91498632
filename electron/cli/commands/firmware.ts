/**
 * `minerdeck firmware upgrade|status …`: bring every device to the site's firmware version — staged,
 * verified, resumable (docs/commissioning.md, "Firmware"). The subcommands load when they run: they open
 * the inventory (the activity log a rollout resumes from), whose schemas cost every other command
 * start-up time.
 */
import { reportUsage } from '../output';
import type { CliContext } from './context';

export const FIRMWARE_UPGRADE_USAGE =
  'minerdeck firmware upgrade <targets…> --file PATH [--expect-version V] [--model NAME] [--canary N] [--batch N] [--max-offline N] [--no-keep-settings] [--deadline MIN] [--site NAME] [--password-stdin] [--yes | --dry-run] [--json] [--timeout ms] [--concurrency n]';
export const FIRMWARE_STATUS_USAGE = 'minerdeck firmware status <targets…> [--json]';

export const FIRMWARE_USAGE = [FIRMWARE_UPGRADE_USAGE, FIRMWARE_STATUS_USAGE].join('\n  ');

export async function firmwareCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === 'upgrade') return (await import('./firmware-upgrade')).firmwareUpgradeCommand(ctx, rest);
  if (name === 'status') return (await import('./firmware-status')).firmwareStatusCommand(ctx, rest);
  return reportUsage(
    ctx.output,
    name === undefined ? 'no firmware subcommand given' : `unknown firmware subcommand "${name}"`,
    FIRMWARE_USAGE,
  );
}
