/**
 * Usage lines of the inventory commands, apart from the commands themselves: `minerdeck help` lists them
 * without loading the inventory (its schemas pull in zod, which costs every other command half a second
 * of start-up); main.ts loads a command's module only when it runs.
 */
export const SITE_USAGE = [
  'minerdeck site list [--json]',
  'minerdeck site create NAME [--subnet CIDR]… [--use] [--json]',
  'minerdeck site use NAME',
  'minerdeck site rename NAME NEW_NAME',
  'minerdeck site delete NAME [--yes]',
  'minerdeck site show [NAME] [--json]',
  'minerdeck site activity [--site NAME] [--device ADDRESS|ID] [--json]   (every write to its devices, oldest first)',
  'minerdeck site accept-import [DEVICE…] [--all] [--site NAME] [--json]   (list, or accept, the addresses and certificates imports proposed for known devices)',
  'minerdeck site layout show|import FILE|export FILE [--site NAME] [--json]   (racks and slots: see "minerdeck site layout")',
].join('\n  ');

export const IMPORT_USAGE =
  'minerdeck import FILE [--site NAME] [--json]   (a site export .json, or a .csv of address,label,notes)';

export const EXPORT_USAGE =
  'minerdeck export [--site NAME] [--out FILE] | --prometheus DIR [--metrics host:port]… [--blackbox host:port]';

export const REPORT_USAGE =
  'minerdeck report [--site NAME] [--format csv|json|html] [--json] [--out FILE] [--no-check] [--technician NAME] [--timeout ms]';

export const TRUST_USAGE = 'minerdeck trust <https address> [--fingerprint SHA256] [--site NAME] [--json]';
