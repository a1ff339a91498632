/**
 * `minerdeck pools set|show|presets …`: device pools with worker-name templates. The
 * subcommands load when they run: they open the inventory (presets, labels, the activity log), whose
 * schemas cost every other command start-up time.
 */
import { reportUsage } from '../output';
import type { CliContext } from './context';
import { POOLS_USAGE } from './pools-usage';

export async function poolsCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === 'set') return (await import('./pools-set')).poolsSetCommand(ctx, rest);
  if (name === 'show') return (await import('./pools-show')).poolsShowCommand(ctx, rest);
  if (name === 'presets') return (await import('./pools-show')).poolsPresetsCommand(ctx, rest);
  return reportUsage(
    ctx.output,
    name === undefined ? 'no pools subcommand given' : `unknown pools subcommand "${name}"`,
    POOLS_USAGE,
  );
}
