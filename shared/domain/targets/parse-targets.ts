/**
 * The targets parser: a pasted list or a CSV file → a TargetSet whose size is
 * known before scanning, or the first bad token with its position and the reason. Pure TypeScript, shared
 * by the CLI, core and the renderer (which can validate as the technician types).
 */
import type { Result } from '../../result';
import { err, ok } from '../../result';
import type { CsvColumnChoice } from './csv-targets';
import { csvTokens } from './csv-targets';
import type { Token } from './split-targets';
import { splitTargets } from './split-targets';
import type { TargetSet } from './target-set';
import { buildTargetSet } from './target-set';
import type { Ipv4Entry, NamedEntry } from './target-token';
import { parseTargetToken } from './target-token';

function fromTokens(tokens: readonly Token[]): Result<TargetSet> {
  if (tokens.length === 0) {
    return err('INVALID_INPUT', 'No targets given: type addresses, blocks (10.0.0.0/24) or ranges.');
  }
  const ipv4: Ipv4Entry[] = [];
  const named: NamedEntry[] = [];
  for (const { text, position, unit } of tokens) {
    const parsed = parseTargetToken(text);
    if (!parsed.ok) {
      return err('INVALID_INPUT', `${unit} ${position} "${text}": ${parsed.reason}.`, {
        token: text,
        position,
        unit,
      });
    }
    if (parsed.entry.kind === 'ipv4') ipv4.push(parsed.entry);
    else named.push(parsed.entry);
  }
  return ok(buildTargetSet(ipv4, named));
}

/**
 * A list as typed or pasted: one string, or several (the CLI's arguments), separated by commas, spaces
 * or new lines. Positions count tokens from 1 across all strings.
 */
export function parseTargets(input: string | readonly string[]): Result<TargetSet> {
  return fromTokens(splitTargets(input));
}

/** A CSV file's text; positions are row numbers in the file. */
export function parseTargetsCsv(text: string, choice: CsvColumnChoice = {}): Result<TargetSet> {
  const tokens = csvTokens(text, choice);
  if (!tokens.ok) return err('INVALID_INPUT', `The CSV file cannot be read: ${tokens.message}.`);
  return fromTokens(tokens.tokens);
}

/** Both at once (the CLI's `scan <targets…> --csv file`): one set, duplicates across both removed. */
export function parseTargetsWithCsv(
  input: readonly string[],
  csvText: string,
  choice: CsvColumnChoice = {},
): Result<TargetSet> {
  const csv = csvTokens(csvText, choice);
  if (!csv.ok) return err('INVALID_INPUT', `The CSV file cannot be read: ${csv.message}.`);
  return fromTokens([...splitTargets(input), ...csv.tokens]);
}
