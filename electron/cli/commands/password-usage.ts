/**
 * Usage of `minerdeck password change`, apart from the command modules: the parent and the subcommand
 * import it (the subcommand importing its parent would be a cycle), and `help` pays for nothing.
 */
export const PASSWORD_CHANGE_USAGE =
  'printf %s "$NEW" | minerdeck password change (<address…> [--port N] | --all) --new-password-stdin [--site NAME] [--yes | --dry-run] [--json] [--timeout ms] [--concurrency n]';

export const PASSWORD_USAGE = PASSWORD_CHANGE_USAGE;
