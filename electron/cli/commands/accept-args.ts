/**
 * The arguments of `minerdeck accept`: the window in minutes (decimals allowed), the hash-rate share and
 * the chip temperature it must hold, the settle limit, each checked with a sentence that says what is
 * allowed.
 */
import type { AcceptanceCriteria } from '../../../shared/domain/acceptance';
import { SETTLE_MINUTES_RANGE } from '../../../shared/domain/acceptance-words';
import {
  ACCEPTANCE_MINUTES_RANGE,
  acceptanceCriteriaSchema,
  defaultCriteria,
} from '../../../shared/domain/acceptance';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import { parse } from '../args';
import { TARGET_OPTIONS } from './targets';

export interface AcceptArgs {
  positionals: string[];
  /** `--port`, `--all` and `--site` as typed, read by targets.ts (`commandTargets`). */
  targetValues: Record<string, unknown>;
  criteria: AcceptanceCriteria;
  json: boolean;
  password: boolean;
  siteRef: string | undefined;
}

const DECIMAL = /^\d+(\.\d+)?$/;

export function decimalOption(
  value: unknown,
  name: string,
  range: { min: number; max: number },
  unit: string,
): Result<number | undefined> {
  if (value === undefined) return ok(undefined);
  const n = typeof value === 'string' && DECIMAL.test(value) ? Number(value) : NaN;
  if (!(n >= range.min && n <= range.max)) {
    return err(
      'INVALID_INPUT',
      `--${name} takes ${unit} from ${range.min} to ${range.max} (decimals allowed), not "${String(value)}".`,
    );
  }
  return ok(n);
}

export function parseAcceptArgs(argv: readonly string[]): Result<AcceptArgs> {
  const parsed = parse(argv, {
    minutes: { type: 'string' },
    'min-hashrate': { type: 'string' },
    'max-chip-temp': { type: 'string' },
    'settle-minutes': { type: 'string' },
    site: { type: 'string' },
    'password-stdin': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
    ...TARGET_OPTIONS,
  });
  if (!parsed.ok) return parsed;
  const { values, positionals } = parsed.value;
  const minutes = decimalOption(values.minutes, 'minutes', ACCEPTANCE_MINUTES_RANGE, 'minutes');
  if (!minutes.ok) return minutes;
  const shape = acceptanceCriteriaSchema.shape;
  const hashRate = decimalOption(
    values['min-hashrate'],
    'min-hashrate',
    { min: shape.minHashratePercent.minValue ?? 1, max: shape.minHashratePercent.maxValue ?? 200 },
    'a percentage of nominal',
  );
  if (!hashRate.ok) return hashRate;
  const chipTemp = decimalOption(
    values['max-chip-temp'],
    'max-chip-temp',
    { min: shape.maxChipTempC.minValue ?? 20, max: shape.maxChipTempC.maxValue ?? 150 },
    '°C',
  );
  if (!chipTemp.ok) return chipTemp;
  // 0: judge from the first reading (devices known to be steady).
  const settle = decimalOption(values['settle-minutes'], 'settle-minutes', SETTLE_MINUTES_RANGE, 'minutes');
  if (!settle.ok) return settle;
  const defaults = defaultCriteria();
  return ok({
    positionals,
    targetValues: { port: values.port, all: values.all, site: values.site },
    criteria: {
      ...defaults,
      minutes: minutes.value ?? defaults.minutes,
      minHashratePercent: hashRate.value ?? defaults.minHashratePercent,
      maxChipTempC: chipTemp.value ?? defaults.maxChipTempC,
      settleMinutes: settle.value ?? defaults.settleMinutes,
    },
    json: values.json === true,
    password: values['password-stdin'] === true,
    siteRef: typeof values.site === 'string' ? values.site : undefined,
  });
}
