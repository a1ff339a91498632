/**
 * Splits what a technician pasted or typed into tokens: commas, spaces, tabs and new lines all separate
 * (lists come from chat messages, spreadsheets and shell arguments alike). Each token keeps its 1-based
 * position in the list so an error can say "item 7". A lone "-" between two tokens joins them, so
 * `10.0.0.10 - 10.0.0.200` copied from a document is still one range.
 */

export interface Token {
  text: string;
  /** 1-based position: in the typed list (`item`) or the CSV file's line number (`row`). */
  position: number;
  unit: 'item' | 'row';
}

export function splitTargets(input: string | readonly string[]): Token[] {
  const pieces = (typeof input === 'string' ? [input] : input)
    .flatMap((part) => part.split(/[\s,]+/))
    .filter((piece) => piece !== '');
  const tokens: Token[] = [];
  for (let i = 0; i < pieces.length; i += 1) {
    const text = pieces[i] ?? '';
    const next = pieces[i + 1];
    const previous = tokens.at(-1);
    if (text === '-' && previous !== undefined && next !== undefined) {
      previous.text = `${previous.text}-${next}`;
      i += 1;
      continue;
    }
    tokens.push({ text, position: tokens.length + 1, unit: 'item' });
  }
  return tokens;
}
