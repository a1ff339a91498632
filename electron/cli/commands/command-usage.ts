/**
 * Usage lines of the commands that load only when they run (main.ts), kept apart from their modules:
 * `minerdeck help` lists every command and must not pay for loading them (the monitor alone pulls in
 * the domain schemas). Each command module reads its own line from here for its bad-usage messages.
 */

export const SCAN_USAGE =
  'minerdeck scan <targets…> [--port 80,443] [--timeout ms] [--concurrency n] [--csv file] [--yes] [--save [--site NAME]] [--json]';

export const STATUS_USAGE =
  'minerdeck status <address> [--port N] [--password-stdin | --api-key-stdin] [--site NAME] [--json] [--timeout ms]';

export const UNLOCK_USAGE =
  'minerdeck unlock (<address…> [--port N] | --all) --password-stdin [--remember] [--site NAME] [--json] [--timeout ms] [--concurrency n]';

export const KEY_CREATE_USAGE =
  'minerdeck key create (<address…> [--port N] | --all) [--password-stdin] [--site NAME] [--json] [--timeout ms] [--concurrency n]';
export const KEY_LIST_USAGE = 'minerdeck key list [--json]';
export const KEY_REVOKE_USAGE = 'minerdeck key revoke <address> [--port N] [--json] [--timeout ms]';
export const KEY_COPY_USAGE = 'minerdeck key copy <address> [--port N] [--print] [--json] [--timeout ms]';
export const KEY_USAGE = [KEY_CREATE_USAGE, KEY_LIST_USAGE, KEY_REVOKE_USAGE, KEY_COPY_USAGE].join('\n  ');

export const KEYCHAIN_USAGE = 'minerdeck keychain [--json]';

export const MONITOR_USAGE =
  'minerdeck monitor (<targets…> [--port N] | --all) [--interval s] [--duration s] [--json] [--password-stdin] [--site NAME] [--concurrency n] [--timeout ms] [--metrics host:port]';
