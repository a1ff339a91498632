/**
 * `minerdeck password change …`: device passwords. The command module loads when it runs: it opens the
 * inventory (the site's activity log), whose schemas cost every other command start-up time.
 */
import { reportUsage } from '../output';
import type { CliContext } from './context';
import { PASSWORD_USAGE } from './password-usage';

export async function passwordCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name !== 'change') {
    return reportUsage(
      ctx.output,
      name === undefined ? 'no password subcommand given' : `unknown password subcommand "${name}"`,
      PASSWORD_USAGE,
    );
  }
  return (await import('./password-change')).passwordChangeCommand(ctx, rest);
}
