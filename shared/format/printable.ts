/**
 * Text from a device or a file made safe to print where a person reads it on a terminal. A device chooses
 * its model, host name, pool URLs, worker names, failure description and error text; printed raw, an
 * escape sequence in them sets the terminal's title or clears its screen, a line break forges a whole
 * line of output, a bidirectional override shows text reversed. Here each such character is shown as what
 * it is instead — `\x1b`, `\n`, `\r`, `\t`, `\x9b`, `\u202e` — and every other character is kept as it
 * is. The CLI's human output goes through this at one point (electron/cli/output.ts); `--json` is exact.
 *
 * Escaped: C0 and C1 controls and DEL (`\p{Cc}`), the bidirectional controls (`\p{Bidi_Control}`), and
 * the Unicode line and paragraph separators (U+2028, U+2029: line breaks to some viewers). A backslash is
 * kept as it is, so printable text stays the same when it is made printable again.
 */

const UNPRINTABLE = /[\p{Cc}\p{Bidi_Control}\u2028\u2029]/gu;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

const hex = (code: number, digits: number): string => code.toString(16).padStart(digits, '0');

function escaped(char: string): string {
  const named = NAMED[char];
  if (named !== undefined) return named;
  const code = char.codePointAt(0) ?? 0;
  return code <= 0xff ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`;
}

/** The text with every control, bidirectional control and line separator shown escaped. */
export const printable = (text: string): string => text.replace(UNPRINTABLE, escaped);

/**
 * The same for a document that shows text of several lines as lines (the report's HTML and CSV: notes
 * keep their line breaks and tabs, a CRLF reads as a line break); every other such character is escaped
 * as on a terminal, so a device name cannot reorder the signed report or hide text in it.
 */
export const printableLines = (text: string): string =>
  text
    .replace(/\r\n/g, '\n')
    .replace(UNPRINTABLE, (char) => (char === '\n' || char === '\t' ? char : escaped(char)));
