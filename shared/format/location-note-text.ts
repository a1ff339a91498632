/**
 * The words the window and the CLI show about a device's own `location` note (issue 34): what the note
 * says against where Minerdeck has the device, and why a note could not be kept. Zod-free: the window
 * imports it. Note values come from devices (any tool may write them): shown through `printable`.
 */
import { printable } from './printable';

/** The longest `location` note Minerdeck writes or keeps (`locationNoteSchema.value`). */
export const NOTE_VALUE_MAX = 200;

/** Firmware without the notes API, said where a write was asked. */
export const NO_NOTES_API_WORDS = 'no notes API on this firmware: the place is kept in Minerdeck only';

/** The same, short, beside a device in a list. */
export const NO_NOTES_API_SHORT = 'no notes API: placed in Minerdeck only';

/** Why `value` cannot be written as a `location` note, or undefined when it can. */
export function noteProblem(value: string): string | undefined {
  if (value.trim() === '') return 'the location note is empty';
  if (value.length > NOTE_VALUE_MAX) return `a location note is at most ${NOTE_VALUE_MAX} characters`;
  if (printable(value) !== value) return 'the location note contains control characters';
  return undefined;
}

/** A note's text as kept and shown: printable, at most NOTE_VALUE_MAX characters. */
export function keptNoteValue(raw: string): string {
  const text = printable(raw);
  return text.length > NOTE_VALUE_MAX ? `${text.slice(0, NOTE_VALUE_MAX - 1)}…` : text;
}

/** What a device's note last read said, as far as the words below need it. */
export interface NoteSeen {
  state: 'present' | 'absent' | 'unsupported' | 'unreadable';
  value?: string;
}

/**
 * The words for a device's note against its place in this site — `placedAs`: the note it should carry
 * (`Hall 7 / C2-R07-S3-P2`), undefined when it has no place here. Undefined when there is nothing to say
 * (the note agrees, or there is neither note nor place, or the note could not be read):
 * - placed here, the note says elsewhere → *its note says Hall 3 / A1-R02-S1-P4*;
 * - a note and no place here → *its note says Hall 7 / C2-R07-S3-P2 — place it there?*;
 * - no notes API → *no notes API: placed in Minerdeck only* (only for a placed device: an unplaced one
 *   has nothing to keep).
 */
export function locationNoteWords(
  note: NoteSeen | undefined,
  placedAs: string | undefined,
): string | undefined {
  if (note === undefined) return undefined;
  if (note.state === 'unsupported') return placedAs === undefined ? undefined : NO_NOTES_API_SHORT;
  if (note.state !== 'present' || note.value === undefined) return undefined;
  const says = `its note says ${printable(note.value)}`;
  if (placedAs === undefined) return `${says} — place it there?`;
  return note.value === placedAs ? undefined : says;
}
