/**
 * Usage of `minerdeck profile list|set`, apart from the command modules: the parent and each subcommand
 * import it, and `help` pays for nothing.
 */
export const PROFILE_LIST_USAGE =
  'minerdeck profile list (<targets…> [--port N] | --all [--site NAME]) [--json]';
export const PROFILE_SET_USAGE =
  'minerdeck profile set (<targets…> [--port N] | --all) (--preset NAME | --max-watts W | --site-kw K) [--site NAME] [--password-stdin] [--yes | --dry-run] [--json] [--timeout ms] [--concurrency n]';

export const PROFILE_USAGE = [PROFILE_LIST_USAGE, PROFILE_SET_USAGE].join('\n  ');
