/**
 * A slot's name from its site's pattern (issue 34): `{area}-{rack}-S{shelf}-P{position}` by default
 * (`C2-R07-S3-P2`); a site may set another with the same four fields, each at most once, e.g.
 * `{rack}.{shelf}.{position}`. And the `location` note a placed device carries: `<site> / <slot>`
 * (`Hall 7 / C2-R07-S3-P2`). Zod-free: the window names slots with it too.
 */

export interface SlotNameParts {
  area: string;
  rack: string;
  shelf: number;
  position: number;
}

const FIELD = /\{(area|rack|shelf|position)(?::(\d))?\}/g;
const ANY_BRACE = /[{}]/;

/** Why a site's slot pattern cannot be used, or undefined when it can (it must name rack, shelf and position). */
export function slotPatternProblem(pattern: string): string | undefined {
  if (pattern.trim() === '' || pattern.length > 80) return 'a slot pattern has 1 to 80 characters';
  const seen = new Set<string>();
  for (const match of pattern.matchAll(FIELD)) {
    const field = match[1] ?? '';
    if (seen.has(field)) return `{${field}} appears twice in the slot pattern`;
    seen.add(field);
  }
  if (ANY_BRACE.test(pattern.replace(FIELD, ''))) {
    return 'the slot pattern knows only {area}, {rack}, {shelf} and {position} (optionally {shelf:2}: 2 digits)';
  }
  for (const needed of ['rack', 'shelf', 'position']) {
    if (!seen.has(needed))
      return `the slot pattern must contain {${needed}} so that every slot has its own name`;
  }
  if (/[/\\,"]/.test(pattern)) return 'a slot pattern may not contain / \\ , or "';
  return undefined;
}

/** The slot's name; `{shelf:2}` pads to 2 digits (`S03`). The pattern is assumed checked. */
export function slotName(pattern: string, parts: SlotNameParts): string {
  return pattern.replace(FIELD, (_all, field: string, width?: string) => {
    const value = String(parts[field as keyof SlotNameParts]);
    return width === undefined ? value : value.padStart(Number(width), '0');
  });
}

/** Separates the site and the slot in a device's `location` note. */
export const LOCATION_NOTE_SEPARATOR = ' / ';
/** The notes API key Minerdeck writes and reads; notes under other keys are left alone. */
export const LOCATION_NOTE_KEY = 'location';

/** `Hall 7 / C2-R07-S3-P2`: what a placed device carries in its `location` note. */
export function locationNoteValue(siteName: string, slot: string): string {
  return `${siteName}${LOCATION_NOTE_SEPARATOR}${slot}`;
}

/** A `location` note's site and slot, or undefined for a note another tool wrote in its own shape. */
export function parseLocationNote(value: string): { site: string; slot: string } | undefined {
  const at = value.lastIndexOf(LOCATION_NOTE_SEPARATOR);
  if (at <= 0) return undefined;
  const site = value.slice(0, at).trim();
  const slot = value.slice(at + LOCATION_NOTE_SEPARATOR.length).trim();
  return site === '' || slot === '' ? undefined : { site, slot };
}
