/**
 * Usage of `locate`, `restart-mining` and `reboot`, apart from the command module: that one loads only
 * when it runs (it opens the inventory for the site's activity log, whose schemas cost start-up time).
 */
const TARGETS = '(<targets…> [--port N] | --all)';
const COMMON = '[--site NAME] [--password-stdin] [--dry-run] [--json] [--timeout ms] [--concurrency n]';

export const LOCATE_USAGE = `minerdeck locate ${TARGETS} [--off] [--minutes N] ${COMMON}`;
export const RESTART_MINING_USAGE = `minerdeck restart-mining ${TARGETS} ${COMMON}`;
export const REBOOT_USAGE = `minerdeck reboot ${TARGETS} --yes ${COMMON}`;
