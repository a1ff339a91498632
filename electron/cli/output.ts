/**
 * How the CLI speaks: human lines on a terminal, or exactly one JSON object (or JSON Lines for fleets)
 * with `--json`. Errors are one line with the reason; the exit code says the class of failure.
 */
import type { AppError } from '../../shared/result';

export const EXIT = { ok: 0, failed: 1, usage: 2, cancelled: 130 } as const;

export interface Output {
  json: boolean;
  out: (line: string) => void;
  err: (line: string) => void;
}

export function consoleOutput(json: boolean): Output {
  return {
    json,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  };
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
