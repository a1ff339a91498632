/**
 * `minerdeck standard show|set`: a site's standard (docs/commissioning.md, "The site standard"). The
 * subcommands load when they run (they open the inventory and the keychain).
 */
import { reportUsage } from '../output';
import type { CliContext } from './context';
import { STANDARD_USAGE } from './standard-usage';

export async function standardCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === 'show') return (await import('./standard-set')).standardShowCommand(ctx, rest);
  if (name === 'set') return (await import('./standard-set')).standardSetCommand(ctx, rest);
  return reportUsage(
    ctx.output,
    name === undefined ? 'no standard subcommand given' : `unknown standard subcommand "${name}"`,
    STANDARD_USAGE,
  );
}
