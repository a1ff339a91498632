/** Usage lines of the placing commands (issue 34), apart from the commands: `minerdeck help` loads neither. */
export const PLACE_USAGE = [
  'minerdeck place <device> <slot> [--site NAME] [--yes] [--json]   (device: address, MAC or serial; slot by its name)',
  'minerdeck place --csv FILE [--site NAME] [--dry-run | --yes] [--json]   (rows of device,slot)',
].join('\n  ');

export const SITE_LAYOUT_USAGE = [
  'minerdeck site layout show [--site NAME] [--json]   (each rack as a grid of the devices’ addresses)',
  'minerdeck site layout import FILE [--site NAME] [--dry-run | --yes] [--json]   (a site-map CSV: area,rack,shelves,positions or area,rack,shelf,position[,device])',
  'minerdeck site layout export FILE [--site NAME] [--json]   (every slot as area,rack,shelf,position,device; FILE - for standard output)',
].join('\n  ');
