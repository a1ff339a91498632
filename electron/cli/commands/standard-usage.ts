/**
 * Usage of `minerdeck standard show|set` and `minerdeck commission`, apart from the command modules (the
 * parent and each subcommand import it; `help` pays for nothing).
 */
export const STANDARD_SHOW_USAGE = 'minerdeck standard show [--site NAME] [--json]';
export const STANDARD_SET_USAGE =
  'minerdeck standard set [--site NAME] [--new-password-stdin] [--pool "<url>,<worker template>"]… [--pool-password-stdin] [--preset NAME | --max-watts W | --site-kw K] [--firmware PATH --firmware-version V] [--batch N] [--growth F] [--max-batch N] [--max-offline N] [--tolerate P] [--trust batches|canary] [--accept-minutes N] [--min-hashrate P] [--settle-minutes N] [--json]';
export const STANDARD_USAGE = [STANDARD_SHOW_USAGE, STANDARD_SET_USAGE].join('\n  ');
export const COMMISSION_USAGE =
  'minerdeck commission (<targets…> [--port N] | --all) [--site NAME] [--password-stdin] [--yes | --dry-run] [--json] [--timeout ms] [--concurrency n]';
