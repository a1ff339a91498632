/**
 * Argument parsing on node's own `parseArgs`: strict, so a mistyped flag is an error, not ignored.
 * Secrets passed as arguments are refused before anything else with a hint to use standard input.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { Result } from '../../shared/result';
import { err, ok } from '../../shared/result';
import { SECRET_ARGUMENT_FLAGS } from './secret-input';

export type Options = NonNullable<ParseArgsConfig['options']>;

export interface Parsed {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

/** A secret given as `--password x` or `--password=x` is visible in `ps`; refuse it with the way out. */
export function refuseSecretArguments(argv: readonly string[]): Result<void> {
  for (const arg of argv) {
    const name = /^--?([A-Za-z-]+)(=|$)/.exec(arg)?.[1]?.toLowerCase();
    const instead = name === undefined ? undefined : SECRET_ARGUMENT_FLAGS[name];
    if (instead !== undefined) {
      return err(
        'INVALID_INPUT',
        `refusing ${arg.split('=')[0]}: a secret on the command line is visible in the process list; pipe it in with ${instead}, e.g. printf %s "$PW" | minerdeck … ${instead}`,
      );
    }
  }
  return ok(undefined);
}

export function parse(argv: readonly string[], options: Options): Result<Parsed> {
  const refused = refuseSecretArguments(argv);
  if (!refused.ok) return refused;
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options,
      allowPositionals: true,
      strict: true,
    });
    return ok({ values: values as Parsed['values'], positionals });
  } catch (error) {
    return err('INVALID_INPUT', (error as Error).message.replace(/\. To specify a positional.*$/s, '.'));
  }
}

/** A positive integer option, e.g. `--timeout 3000`. */
export function intOption(
  value: unknown,
  name: string,
  min: number,
  max: number,
): Result<number | undefined> {
  if (value === undefined) return ok(undefined);
  const n = Number(value);
  if (typeof value !== 'string' || !/^\d+$/.test(value) || n < min || n > max) {
    return err(
      'INVALID_INPUT',
      `--${name} must be a whole number from ${min} to ${max}, not "${String(value)}".`,
    );
  }
  return ok(n);
}
