/**
 * `minerdeck firmware upgrade|status …`: bring every device to the site's firmware version — staged,
 * verified, resumable (docs/commissioning.md, "Firmware"). The subcommands load when they run: they open
 * the inventory (the activity log a rollout resumes from), whose schemas cost every other command
 * start-up time.
 */
import { reportUsage } from '../output';
import type { CliContext } from './context';
import { FIRMWARE_USAGE } from './firmware-usage';

export { FIRMWARE_USAGE } from './firmware-usage';

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
