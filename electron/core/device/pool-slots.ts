/**
 * The body of a pool write: real firmware takes exactly three `{url, user, pass}` slots, unused ones as
 * empty strings (field-notes.md), and refuses anything else with a 400. Checked before the network, so a
 * bug of ours is an INVALID_INPUT here instead of a write the device refuses (or half-applies).
 */
import { message } from '../../../shared/i18n/message';
import { DeviceError } from './device-error';

export const DEVICE_POOL_SLOTS = 3;

export interface PoolSlotBody {
  url: string;
  user: string;
  pass: string;
}

export function requirePoolSlots(slots: unknown): PoolSlotBody[] {
  if (!Array.isArray(slots) || slots.length !== DEVICE_POOL_SLOTS) {
    throw new DeviceError(
      'INVALID_INPUT',
      `A pool write needs exactly ${DEVICE_POOL_SLOTS} slots.`,
      {},
      {
        text: message('errors.input.poolSlotCount', { count: DEVICE_POOL_SLOTS }),
      },
    );
  }
  return slots.map((slot: unknown, i) => {
    const { url, user, pass } = (typeof slot === 'object' && slot !== null ? slot : {}) as Record<
      string,
      unknown
    >;
    if (typeof url !== 'string' || typeof user !== 'string' || typeof pass !== 'string') {
      throw new DeviceError(
        'INVALID_INPUT',
        `Pool slot ${i + 1} needs url, user and pass as text.`,
        {},
        {
          text: message('errors.input.poolSlotFields', { slot: i + 1 }),
        },
      );
    }
    return { url, user, pass };
  });
}
