/**
 * `minerdeck profile list|set …`: the devices' autotune presets (power profiles). The subcommands load
 * when they run: they open the inventory and the keychain, which every other command would pay for.
 */
import { reportUsage } from '../output';
import type { CliContext } from './context';
import { PROFILE_USAGE } from './profile-usage';

export async function profileCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === 'list') return (await import('./profile-list')).profileListCommand(ctx, rest);
  if (name === 'set') return (await import('./profile-set')).profileSetCommand(ctx, rest);
  return reportUsage(
    ctx.output,
    name === undefined ? 'no profile subcommand given' : `unknown profile subcommand "${name}"`,
    PROFILE_USAGE,
  );
}
