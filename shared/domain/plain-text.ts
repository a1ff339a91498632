/**
 * What people name and write on site — site names, device labels and notes, pool preset names — is plain
 * text: shown in the window, printed in terminals, written into reports and exports. One rule refuses the
 * characters that are not text but instructions to whatever shows it: C0 and C1 controls and DEL
 * (`\p{Cc}`: an escape sets a terminal's title or clears its screen, a carriage return overwrites a line),
 * the bidirectional controls (`\p{Bidi_Control}`: an override shows a label reversed, so what a
 * technician reads is not what is stored) and the Unicode line and paragraph separators. Used where text
 * is typed and where a file brings it in; the message names the character by its code point, never by
 * printing it.
 */
import { message } from '../i18n/message';
import type { AppError } from '../result';
import { appError, withText } from '../result';

/** Every character the rule refuses: the set the CLI shows escaped (shared/format/printable.ts). */
export const CONTROL_CHARACTER = /[\p{Cc}\p{Bidi_Control}\u2028\u2029]/u;

const NAMES: Readonly<Record<number, string>> = {
  0x09: 'a tab',
  0x0a: 'a line break',
  0x0d: 'a carriage return',
  0x1b: 'an escape',
  0x7f: 'a delete character',
  0x202e: 'a right-to-left override',
  0x202d: 'a left-to-right override',
  0x2028: 'a line separator',
  0x2029: 'a paragraph separator',
};
/** The same names as the catalog's select keys (errors.plainText.control), for the window's language. */
const KINDS: Readonly<Record<number, string>> = {
  0x09: 'tab',
  0x0a: 'lineBreak',
  0x0d: 'carriageReturn',
  0x1b: 'escape',
  0x7f: 'delete',
  0x202e: 'rtlOverride',
  0x202d: 'ltrOverride',
  0x2028: 'lineSeparator',
  0x2029: 'paragraphSeparator',
};

/** `U+001B (an escape)`: the character named, never shown (it would act on the screen it is shown on). */
export function describeCharacter(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  const name =
    NAMES[code] ?? (/\p{Bidi_Control}/u.test(char) ? 'a text-direction control' : 'a control character');
  return `${hex} (${name})`;
}

export interface ControlCharacterFound {
  /** Position in the text, counted from 1 by character (an emoji is one, not two UTF-16 units). */
  position: number;
  /** The character described (`describeCharacter`). */
  described: string;
}

function kindOf(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  return KINDS[code] ?? (/\p{Bidi_Control}/u.test(char) ? 'bidi' : 'control');
}

/**
 * The first character the rule refuses, else undefined. `lineBreaks`: text of several lines (notes)
 * keeps its line breaks (LF, CRLF) and tabs; a lone carriage return is still refused.
 */
export function findControlCharacter(
  text: string,
  options: { lineBreaks?: boolean } = {},
): ControlCharacterFound | undefined {
  const chars = [...text];
  for (let i = 0; i < chars.length; i += 1) {
    const char = chars[i] ?? '';
    if (!CONTROL_CHARACTER.test(char)) continue;
    if (options.lineBreaks === true) {
      if (char === '\n' || char === '\t') continue;
      if (char === '\r' && chars[i + 1] === '\n') continue;
    }
    return { position: i + 1, described: describeCharacter(char) };
  }
  return undefined;
}

/**
 * The refusal in words, or undefined when the text is plain: `The label cannot hold U+001B (an escape),
 * found at character 4: only plain text is kept (no control characters).` `what` names the field as the
 * sentence starts it ("The label", "The notes", "A site name").
 */
export function controlCharacterProblem(
  what: string,
  text: string,
  options: { lineBreaks?: boolean } = {},
): string | undefined {
  const found = findControlCharacter(text, options);
  if (found === undefined) return undefined;
  const kept =
    options.lineBreaks === true
      ? 'only plain text and line breaks are kept'
      : 'only plain text is kept (no control characters)';
  return `${what} cannot hold ${found.described}, found at character ${found.position}: ${kept}.`;
}

/** Which field `controlCharacterError` names, as the sentence starts it. */
export type PlainTextField = 'label' | 'notes' | 'siteName' | 'subnet' | 'address';
const FIELD_WORDS: Readonly<Record<PlainTextField, string>> = {
  label: 'The label',
  notes: 'The notes',
  siteName: 'A site name',
  subnet: 'A subnet',
  address: 'An address',
};

/** `controlCharacterProblem` as an error with its sentence for the window's language (issue 35). */
export function controlCharacterError(
  field: PlainTextField,
  text: string,
  options: { lineBreaks?: boolean } = {},
): AppError | undefined {
  const problem = controlCharacterProblem(FIELD_WORDS[field], text, options);
  const found = findControlCharacter(text, options);
  if (problem === undefined || found === undefined) return undefined;
  const char = [...text][found.position - 1] ?? '';
  return withText(
    appError('INVALID_INPUT', problem),
    message('errors.plainText.control', {
      field,
      codePoint: found.described.split(' ')[0] ?? '',
      kind: kindOf(char),
      position: found.position,
      lineBreaks: options.lineBreaks === true ? 'yes' : 'no',
    }),
  );
}
