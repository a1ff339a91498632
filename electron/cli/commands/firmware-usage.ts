/**
 * Usage of `minerdeck firmware upgrade|status`, apart from the command modules: the parent and each
 * subcommand import it (a subcommand importing its parent would be a cycle), and `help` pays for nothing.
 */
export const FIRMWARE_UPGRADE_USAGE =
  'minerdeck firmware upgrade (<targets…> [--port N] | --all) --file PATH [--expect-version V] [--model NAME] [--canary N] [--batch N] [--growth F] [--max-batch N] [--tolerate P] [--max-offline N] [--trust batches|canary] [--no-keep-settings] [--retry-failed] [--deadline MIN] [--site NAME] [--password-stdin] [--yes | --dry-run] [--json] [--timeout ms] [--concurrency n]';
export const FIRMWARE_STATUS_USAGE =
  'minerdeck firmware status (<targets…> [--port N] | --all [--site NAME]) [--json]';

export const FIRMWARE_USAGE = [FIRMWARE_UPGRADE_USAGE, FIRMWARE_STATUS_USAGE].join('\n  ');
