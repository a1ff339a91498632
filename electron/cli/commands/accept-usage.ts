/**
 * `minerdeck accept`'s usage line, apart from its module so `minerdeck help` lists it without loading the
 * device client (main.ts).
 */
export const ACCEPT_USAGE =
  'minerdeck accept (<targets…> [--port N] | --all) [--minutes N] [--min-hashrate P] [--max-chip-temp C] [--settle-minutes N] [--site NAME] [--password-stdin] [--json]';
