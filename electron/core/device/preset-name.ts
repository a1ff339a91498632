/**
 * The preset name a power-profile write sends (`miner.overclock.preset`): one the device listed, sent back
 * as it gave it. Checked before any socket opens, so a bug of ours (or a hostile name from a device) is an
 * INVALID_INPUT here rather than a write the device half-understands.
 */
import { message } from '../../../shared/i18n/message';
import { DeviceError } from './device-error';

/** Real names are watt figures ("3200") or `disabled`; anything longer is not a preset name. */
const MAX_PRESET_NAME = 64;

export function requirePresetName(name: unknown): string {
  if (typeof name !== 'string' || name.trim() === '') {
    throw new DeviceError(
      'INVALID_INPUT',
      'The preset name is empty: name one the device lists.',
      {},
      {
        text: message('errors.input.presetEmpty'),
      },
    );
  }
  if (name.length > MAX_PRESET_NAME) {
    throw new DeviceError(
      'INVALID_INPUT',
      `A preset name is at most ${MAX_PRESET_NAME} characters.`,
      {},
      {
        text: message('errors.input.presetTooLong', { max: MAX_PRESET_NAME }),
      },
    );
  }
  // Control characters: no device lists such a name, and it would garble every line that shows it.
  if (/\p{Cc}/u.test(name)) {
    throw new DeviceError(
      'INVALID_INPUT',
      'The preset name contains control characters.',
      {},
      {
        text: message('errors.input.presetControl'),
      },
    );
  }
  return name;
}
