/**
 * The choice of `profile set`: exactly one of `--preset NAME`, `--max-watts W`, `--site-kw K`, checked
 * before the inventory, the keychain or any device is touched (bad usage: exit 2, in words).
 */
import type { PowerChoice } from '../../../shared/domain/power-plan';
import { MAX_DEVICE_WATTS, MAX_SITE_KW } from '../../../shared/domain/power-plan';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import { PROFILE_SET_USAGE } from './profile-usage';

/** A positive number as typed ("3200", "612.5"); `what` names the option in the sentence. */
function positive(text: string, what: string, max: number, unit: string): Result<number> {
  const trimmed = text.trim();
  const value = /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : NaN;
  if (!(value > 0) || value > max) {
    return err(
      'INVALID_INPUT',
      `${what} takes a number of ${unit} above 0 and at most ${max.toLocaleString('en-US')}, not "${trimmed.slice(0, 40)}".`,
    );
  }
  return ok(value);
}

export function choiceFromOptions(values: {
  preset?: unknown;
  'max-watts'?: unknown;
  'site-kw'?: unknown;
}): Result<PowerChoice> {
  const given = (['preset', 'max-watts', 'site-kw'] as const).filter((k) => typeof values[k] === 'string');
  if (given.length === 0) {
    return err(
      'INVALID_INPUT',
      `give how to choose: --preset NAME, --max-watts W or --site-kw K. Usage: ${PROFILE_SET_USAGE}`,
    );
  }
  if (given.length > 1) {
    return err(
      'INVALID_INPUT',
      `give one of --preset, --max-watts and --site-kw, not ${given.map((g) => `--${g}`).join(' and ')}.`,
    );
  }
  if (typeof values.preset === 'string') {
    const name = values.preset.trim();
    if (name === '' || name.length > 64 || /\p{Cc}/u.test(name)) {
      return err(
        'INVALID_INPUT',
        '--preset takes a preset name as the device lists it (e.g. 3200 or disabled).',
      );
    }
    return ok({ kind: 'preset', name });
  }
  if (typeof values['max-watts'] === 'string') {
    const watts = positive(values['max-watts'], '--max-watts', MAX_DEVICE_WATTS, 'watts per device');
    return watts.ok ? ok({ kind: 'max-watts', watts: watts.value }) : watts;
  }
  const kw = positive(String(values['site-kw']), '--site-kw', MAX_SITE_KW, 'kilowatts for the whole site');
  return kw.ok ? ok({ kind: 'site-kw', kw: kw.value }) : kw;
}
