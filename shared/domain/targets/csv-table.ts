/**
 * CSV as spreadsheets and inventory tools write it (RFC 4180, leniently): a BOM, CRLF or LF line ends,
 * comma, semicolon or tab delimiters, `"…"` cells holding delimiters, `""` for a quote, and quoted cells
 * spanning lines (a note typed with Alt+Enter in a spreadsheet). Blank lines are skipped, yet every row
 * keeps the line number it starts on, so an error points at the line a technician sees in an editor.
 *
 * Lenient where real exports are sloppy: a quote in the middle of an unquoted cell is a character, text
 * after a closing quote is kept, cells are trimmed. Strict where guessing would lose data: a quote that is
 * never closed is an error naming its line, not a silent swallow of the rest of the file.
 */

export interface CsvRow {
  /** Trimmed cells; a row has at least one non-empty cell. */
  cells: string[];
  /** 1-based line number where the row starts (a header is line 1). */
  line: number;
}

export type CsvTable = { ok: true; delimiter: string; rows: CsvRow[] } | { ok: false; message: string };

const DELIMITERS = [',', ';', '\t'] as const;

/** The delimiter used most on the first non-blank line (outside quotes); a comma when none is used. */
export function detectDelimiter(text: string): string {
  const first = text.split(/\r\n|\n|\r/).find((line) => line.trim() !== '') ?? '';
  const unquoted = first.replace(/"[^"]*"/g, '');
  let best: string = ',';
  let bestCount = 0;
  for (const delimiter of DELIMITERS) {
    const count = unquoted.split(delimiter).length - 1;
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

/** Reads every row of a CSV text. `delimiter` is detected when not given. */
export function readCsvTable(input: string, delimiter: string = detectDelimiter(input)): CsvTable {
  const text = input.replace(/^\uFEFF/, '');
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let quoteLine = 0;
  let line = 1;
  let rowLine = 1;

  const endCell = (): void => {
    cells.push(cell.trim());
    cell = '';
  };
  const endRow = (): void => {
    endCell();
    if (cells.some((c) => c !== '')) rows.push({ cells, line: rowLine });
    cells = [];
  };

  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    const isNewline = ch === '\n' || ch === '\r';
    if (isNewline && ch === '\r' && text[i + 1] === '\n') i += 1;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else if (isNewline) {
        cell += '\n';
        line += 1;
      } else cell += ch;
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      quoteLine = line;
      cell = '';
    } else if (ch === delimiter) endCell();
    else if (isNewline) {
      endRow();
      line += 1;
      rowLine = line;
    } else cell += ch;
  }
  if (quoted) return { ok: false, message: `line ${quoteLine}: a quoted cell is never closed` };
  endRow();
  return { ok: true, delimiter, rows };
}
