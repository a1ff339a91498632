/**
 * How the CLI speaks: human lines on a terminal, or exactly one JSON object (or JSON Lines for fleets)
 * with `--json`. Errors are one line with the reason; the exit code says the class of failure.
 *
 * Human lines carry text a device or a file chose (models, host names, pool URLs, failure and error
 * text, labels, notes): `printableOutput` makes every one of them printable at this one point, before it
 * reaches the terminal, so no command has to remember to (docs/hardening.md, "Text from devices and
 * files").
 */
import { printable } from '../../shared/format/printable';
import type { AppError } from '../../shared/result';

/** `closedPipe`: 128 + SIGPIPE, what a shell reports for `ls` in `ls | head`. */
/** `pending` (3): none failed, some not judged yet (acceptance: still settling at the settle limit). */
export const EXIT = { ok: 0, failed: 1, usage: 2, pending: 3, cancelled: 130, closedPipe: 141 } as const;

export interface Output {
  json: boolean;
  /** One line of the command's output on stdout: exact with `--json`, printable otherwise. */
  out: (line: string) => void;
  /** One line for a person on stderr (progress, notices, errors): always printable. */
  err: (line: string) => void;
  /** A document the user asked for on stdout (`export`'s JSON, `report --format json`), exactly as given. */
  data: (text: string) => void;
}

/** Set when stdout or stderr met a reader that went away: nothing more is written, nobody would read it. */
let pipeClosed = false;

export function consoleOutput(json: boolean): Output {
  return {
    json,
    out: (line) => void (pipeClosed || process.stdout.write(`${line}\n`)),
    err: (line) => void (pipeClosed || process.stderr.write(`${line}\n`)),
    data: (text) => void (pipeClosed || process.stdout.write(`${text}\n`)),
  };
}

/**
 * The one point where human output becomes printable: every line a command gives `out` (unless the
 * command runs with `--json`) and every line it gives `err` shows control characters, bidirectional
 * controls and line breaks escaped (`\x1b`, `\n`, `\u202e`; shared/format/printable.ts), so a device
 * cannot set the terminal's title, clear its screen or forge a line. JSON lines and documents (`data`)
 * are exact: JSON escapes what it carries, and a script reads the values as the device sent them.
 * A line is one line: text of several lines is given line by line (`printLines`).
 */
export function printableOutput(sink: Output, json: boolean): Output {
  return {
    json,
    out: json ? sink.out : (line) => sink.out(printable(line)),
    err: (line) => sink.err(printable(line)),
    data: sink.data,
  };
}

/** Text of several lines the CLI itself wrote (help, a usage block, a report): one `out` line each. */
export function printLines(output: Output, text: string): void {
  for (const line of text.split(/\r?\n/)) output.out(line);
}

/**
 * Output to a closed pipe (`minerdeck status … | head -5`) ends the command quietly, as `ls | head` does,
 * whatever the command: the first EPIPE on stdout or stderr stops all output and calls `onClosed` once
 * (the entry cancels the command as Ctrl-C does, so a monitor stops polling and closes its sockets).
 * Node reports EPIPE as an 'error' event, which unhandled ends the process with a stack trace; later
 * writes racing the close fail the same way and are dropped. Any other stream error is thrown as before.
 */
export function endOnClosedPipe(
  onClosed: () => void,
  streams: readonly NodeJS.EventEmitter[] = [process.stdout, process.stderr],
): void {
  for (const stream of streams) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (pipeClosed) return;
      if (error.code !== 'EPIPE') throw error;
      pipeClosed = true;
      onClosed();
    });
  }
}

/** Prints a failure the way the mode asks and returns the exit code for it. */
export function reportError(output: Output, error: AppError, extra: Record<string, unknown> = {}): number {
  if (output.json) {
    output.out(JSON.stringify({ ok: false, ...extra, error: { code: error.code, message: error.message } }));
  } else {
    output.err(`minerdeck: ${error.message}`);
  }
  if (error.code === 'INVALID_INPUT') return EXIT.usage;
  if (error.code === 'CANCELLED') return EXIT.cancelled;
  return EXIT.failed;
}

/**
 * Bad usage that lists a command's usage lines (`minerdeck pools` without a subcommand): on a terminal
 * one line each (a line break inside one line would be shown escaped); with `--json`, one message.
 */
export function reportUsage(output: Output, what: string, usage: string): number {
  if (output.json) {
    return reportError(output, { code: 'INVALID_INPUT', message: `${what}. Usage:\n  ${usage}` });
  }
  output.err(`minerdeck: ${what}. Usage:`);
  for (const line of usage.split('\n')) output.err(`  ${line.trim()}`);
  return EXIT.usage;
}
