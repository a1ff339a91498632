/** `minerdeck key <create|list|revoke|copy> …`: API keys, one module per subcommand. */
import { reportUsage } from '../output';
import type { CliContext } from './context';
import { KEY_USAGE } from './command-usage';
import { keyCopyCommand } from './key-copy';
import { keyCreateCommand } from './key-create';
import { keyListCommand } from './key-list';
import { keyRevokeCommand } from './key-revoke';

const SUBCOMMANDS: Record<string, (ctx: CliContext, argv: readonly string[]) => Promise<number>> = {
  create: keyCreateCommand,
  list: keyListCommand,
  revoke: keyRevokeCommand,
  copy: keyCopyCommand,
};

export async function keyCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  const run = name === undefined ? undefined : SUBCOMMANDS[name];
  if (run === undefined) {
    return reportUsage(
      ctx.output,
      name === undefined ? 'no key subcommand given' : `unknown key subcommand "${name}"`,
      KEY_USAGE,
    );
  }
  return run(ctx, rest);
}
