/**
 * How the CLI speaks: human lines on a terminal, or exactly one JSON object (or JSON Lines for fleets)
 * with `--json`. Errors are one line with the reason; the exit code says the class of failure.
 */
import type { AppError } from '../../shared/result';

/** `closedPipe`: 128 + SIGPIPE, what a shell reports for `ls` in `ls | head`. */
export const EXIT = { ok: 0, failed: 1, usage: 2, cancelled: 130, closedPipe: 141 } as const;

export interface Output {
  json: boolean;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Set when stdout or stderr met a reader that went away: nothing more is written, nobody would read it. */
let pipeClosed = false;

export function consoleOutput(json: boolean): Output {
  return {
    json,
    out: (line) => void (pipeClosed || process.stdout.write(`${line}\n`)),
    err: (line) => void (pipeClosed || process.stderr.write(`${line}\n`)),
  };
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
