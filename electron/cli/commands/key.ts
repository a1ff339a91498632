/** `minerdeck key <create|list|revoke|copy> …`: API keys, one module per subcommand. */
import { appError } from '../../../shared/result';
import { reportError } from '../output';
import type { CliContext } from './context';
import { keyCopyCommand, KEY_COPY_USAGE } from './key-copy';
import { keyCreateCommand, KEY_CREATE_USAGE } from './key-create';
import { keyListCommand, KEY_LIST_USAGE } from './key-list';
import { keyRevokeCommand, KEY_REVOKE_USAGE } from './key-revoke';

const SUBCOMMANDS: Record<string, (ctx: CliContext, argv: readonly string[]) => Promise<number>> = {
  create: keyCreateCommand,
  list: keyListCommand,
  revoke: keyRevokeCommand,
  copy: keyCopyCommand,
};

export const KEY_USAGE = [KEY_CREATE_USAGE, KEY_LIST_USAGE, KEY_REVOKE_USAGE, KEY_COPY_USAGE].join('\n  ');

export async function keyCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  const run = name === undefined ? undefined : SUBCOMMANDS[name];
  if (run === undefined) {
    return reportError(
      ctx.output,
      appError(
        'INVALID_INPUT',
        `${name === undefined ? 'no key subcommand given' : `unknown key subcommand "${name}"`}. Usage:\n  ${KEY_USAGE}`,
      ),
    );
  }
  return run(ctx, rest);
}
