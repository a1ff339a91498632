/**
 * Safe, typed access to untrusted JSON for the status reader. Real firmware leaves fields out, changes
 * types between versions and may send anything; a reading must never crash or invent a value.
 *
 * Rules: only own properties count (`status.constructor` is not a field); a missing field or `null` is
 * simply absent; a field that is present with the wrong type yields no value and one warning naming its
 * path, so a technician can see why a number is missing. Numbers must be finite.
 */
import type { ImplausibleValue, TempRange } from '../../../shared/domain/reading';
import type { PlausibleRange } from './plausible-bounds';
import { implausibleText, outside, TEMPERATURE_C } from './plausible-bounds';

export type JsonObject = Record<string, unknown>;

/** More warnings than this add nothing for a human; a 1 MiB body of bad entries must not make 100k. */
const MAX_WARNINGS = 50;
/** The same bound for the implausible values listed (each of them also has a warning). */
const MAX_IMPLAUSIBLE = 50;

/** A plain JSON object (not an array, not null), or undefined. */
export function asObject(value: unknown): JsonObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as JsonObject)
    : undefined;
}

/** An own property only: inherited names (`toString`, `__proto__`) are never fields. */
export function own(object: JsonObject, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/** The JSON type name of a value, for warnings. */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value); // NaN, Infinity
  return `a ${typeof value}`;
}

/** The warnings one reader collected, to be replayed into another (parts of a reading read once). */
export interface CollectedWarnings {
  readonly warnings: readonly string[];
  readonly dropped: number;
  readonly implausible: readonly ImplausibleValue[];
}

/** Collects warnings while reading fields of one reading. */
export class FieldReader {
  readonly warnings: string[] = [];
  private dropped = 0;
  private readonly implausibleValues: ImplausibleValue[] = [];

  warn(message: string): void {
    if (this.warnings.length < MAX_WARNINGS) this.warnings.push(message);
    else this.dropped += 1;
  }

  collected(): CollectedWarnings {
    return {
      warnings: [...this.warnings],
      dropped: this.dropped,
      implausible: [...this.implausibleValues],
    };
  }

  /** Adds what another reader collected, as if it had been read here. */
  replay(collected: CollectedWarnings): void {
    for (const warning of collected.warnings) this.warn(warning);
    this.dropped += collected.dropped;
    for (const entry of collected.implausible) this.listImplausible(entry);
  }

  /**
   * A value left out as implausible (`path`: where it was in the JSON): listed, and warned about, so the
   * technician sees what was left out and why; the raw JSON still has it.
   */
  implausible(path: string, entry: ImplausibleValue): void {
    this.warn(`${path} is implausible: ${entry.text}; left out`);
    this.listImplausible(entry);
  }

  /** The implausible values, or undefined when there were none (readings carry only what was said). */
  allImplausible(): ImplausibleValue[] | undefined {
    return this.implausibleValues.length > 0 ? [...this.implausibleValues] : undefined;
  }

  private listImplausible(entry: ImplausibleValue): void {
    if (this.implausibleValues.length < MAX_IMPLAUSIBLE) this.implausibleValues.push(entry);
  }

  /** Warnings, with a last line saying how many were left out. */
  allWarnings(): string[] {
    return this.dropped > 0
      ? [...this.warnings, `${this.dropped} more warnings left out`]
      : [...this.warnings];
  }

  private read<T>(
    object: JsonObject | undefined,
    key: string,
    path: string,
    expected: string,
    accept: (value: unknown) => value is T,
  ): T | undefined {
    if (object === undefined) return undefined;
    const value = own(object, key);
    if (value === undefined || value === null) return undefined;
    if (accept(value)) return value;
    this.warn(`${path}${key} is ${jsonType(value)}, not ${expected}`);
    return undefined;
  }

  number(object: JsonObject | undefined, key: string, path = ''): number | undefined {
    return this.read(object, key, path, 'a number', isFiniteNumber);
  }

  /**
   * A number that must lie in `range` (plausible-bounds.ts); one outside is left out as implausible.
   * `field` is the value's path in the reading, `unit` how the value reads ("rpm", "W").
   */
  bounded(
    object: JsonObject | undefined,
    key: string,
    path: string,
    field: string,
    range: PlausibleRange,
    unit: string,
  ): number | undefined {
    const value = this.number(object, key, path);
    if (value === undefined || !outside(value, range)) return value;
    this.implausible(`${path}${key}`, { field, value, text: implausibleText(value, unit, range) });
    return undefined;
  }

  string(object: JsonObject | undefined, key: string, path = ''): string | undefined {
    return this.read(object, key, path, 'a string', (v): v is string => typeof v === 'string');
  }

  boolean(object: JsonObject | undefined, key: string, path = ''): boolean | undefined {
    return this.read(object, key, path, 'true or false', (v): v is boolean => typeof v === 'boolean');
  }

  object(object: JsonObject | undefined, key: string, path = ''): JsonObject | undefined {
    return this.read(object, key, path, 'an object', (v): v is JsonObject => asObject(v) !== undefined);
  }

  array(object: JsonObject | undefined, key: string, path = ''): unknown[] | undefined {
    return this.read(object, key, path, 'a list', (v): v is unknown[] => Array.isArray(v));
  }

  /** A number or a string (failure codes come as either). */
  code(object: JsonObject | undefined, key: string, path = ''): number | string | undefined {
    return this.read(
      object,
      key,
      path,
      'a number or a string',
      (v): v is number | string => isFiniteNumber(v) || typeof v === 'string',
    );
  }

  /**
   * `{min, max}` temperatures; a side that is missing, unusable or implausible is `null`, both → absent.
   * `field` is the range's path in the reading (`chipTemp`, `boards[0].boardTemp`).
   */
  tempRange(object: JsonObject | undefined, key: string, path: string, field: string): TempRange | undefined {
    const range = this.object(object, key, path);
    if (range === undefined) return undefined;
    const at = `${path}${key}.`;
    const min = this.bounded(range, 'min', at, `${field}.min`, TEMPERATURE_C, '°C') ?? null;
    const max = this.bounded(range, 'max', at, `${field}.max`, TEMPERATURE_C, '°C') ?? null;
    return min === null && max === null ? undefined : { min, max };
  }
}

export const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** A marker left where a value nested deeper than the reader keeps. */
export const TOO_DEEP = '[nested too deep]';

/**
 * A copy of a JSON value cut at `maxDepth` levels, so values kept for display (`extra`) can be cloned,
 * sent over IPC and printed without recursing 10,000 levels. Recursion is bounded by `maxDepth`.
 * Returns the copy and whether anything was cut.
 */
export function boundDepth(value: unknown, maxDepth: number): { value: unknown; cut: boolean } {
  let cut = false;
  const copy = (item: unknown, depth: number): unknown => {
    // Only JSON values survive, so the copy always serializes (a JSON body never has the others anyway).
    if (typeof item === 'number') return Number.isFinite(item) ? item : null;
    if (typeof item === 'bigint') return item.toString();
    if (typeof item === 'function' || typeof item === 'symbol' || item === undefined) return null;
    if (typeof item !== 'object' || item === null) return item;
    if (depth >= maxDepth) {
      cut = true;
      return TOO_DEEP;
    }
    if (Array.isArray(item)) return item.map((entry) => copy(entry, depth + 1));
    return Object.fromEntries(
      Object.keys(item).map((key) => [key, copy((item as JsonObject)[key], depth + 1)]),
    );
  };
  const result = copy(value, 0);
  return { value: result, cut };
}
