/**
 * Usage of `minerdeck pools set|show|presets`, apart from the command modules: the parent and each
 * subcommand import it (a subcommand importing its parent would be a cycle), and `help` pays for nothing.
 */
export const POOLS_SET_USAGE =
  'minerdeck pools set (<address…> [--port N] | --all) (--pool "<url>,<worker template>" [--pool …] [--pool-password-stdin] | --preset NAME) [--save-preset NAME] [--site NAME] [--yes | --dry-run] [--json] [--timeout ms] [--concurrency n]';
export const POOLS_SHOW_USAGE =
  'minerdeck pools show (<address…> [--port N] | --all [--site NAME]) [--json] [--timeout ms] [--concurrency n]';
export const POOLS_PRESETS_USAGE = 'minerdeck pools presets [--site NAME] [--json]';

export const POOLS_USAGE = [POOLS_SET_USAGE, POOLS_SHOW_USAGE, POOLS_PRESETS_USAGE].join('\n  ');
