/**
 * How a rollout paces a hall, from the command line (issue 33): `--batch N`, `--growth F`, `--max-batch N`,
 * `--max-offline N`, `--tolerate P`, `--trust batches|canary`. `firmware upgrade` takes them for one rollout, `standard set` keeps them
 * with the site's firmware for every Commission. Checked before anything else happens, in the same words.
 */
import type { RolloutPacing, RolloutTrust } from '../../../shared/domain/firmware';
import { ROLLOUT_TRUSTS } from '../../../shared/domain/firmware';
import { intOption } from '../args';

export const PACING_OPTIONS = {
  batch: { type: 'string' },
  growth: { type: 'string' },
  'max-batch': { type: 'string' },
  tolerate: { type: 'string' },
  'max-offline': { type: 'string' },
  trust: { type: 'string' },
} as const;

export const PACING_FLAGS = Object.keys(PACING_OPTIONS).map((k) => `--${k}`);

type Checked<T> = { ok: true; value?: T } | { ok: false; message: string };

/** A decimal number within bounds, or the words of what the flag takes. */
function decimalOption(value: unknown, ok: (n: number) => boolean, words: string): Checked<number> {
  if (value === undefined) return { ok: true };
  const n = Number(value);
  if (typeof value !== 'string' || !/^\d+(\.\d+)?$/.test(value.trim()) || !ok(n)) {
    return { ok: false, message: `${words}, not ${JSON.stringify(value)}.` };
  }
  return { ok: true, value: n };
}

/** The pacing flags given (none: an empty pacing), or the first one that is wrong, in words. */
export function pacingFromOptions(
  values: Record<string, unknown>,
): { ok: true; value: RolloutPacing } | { ok: false; message: string } {
  const batch = intOption(values.batch, 'batch', 1, 10_000);
  if (!batch.ok) return { ok: false, message: batch.error.message };
  const growth = decimalOption(
    values.growth,
    (n) => n >= 1 && n <= 100,
    '--growth must be a number from 1 to 100 (each batch that many times the one before; 1: all alike)',
  );
  if (!growth.ok) return growth;
  const maxBatch = intOption(values['max-batch'], 'max-batch', 1, 10_000);
  if (!maxBatch.ok) return { ok: false, message: maxBatch.error.message };
  const tolerate = decimalOption(
    values.tolerate,
    (n) => n >= 0 && n <= 50,
    "--tolerate must be a percent from 0 to 50 (of a batch's devices that may fail while the rollout goes on; 0: the first failure stops it)",
  );
  if (!tolerate.ok) return tolerate;
  const maxOffline = intOption(values['max-offline'], 'max-offline', 1, 10_000);
  if (!maxOffline.ok) return { ok: false, message: maxOffline.error.message };
  const trust = values.trust;
  if (trust !== undefined && !ROLLOUT_TRUSTS.includes(trust as RolloutTrust)) {
    return {
      ok: false,
      message: `--trust must be batches (trust grows batch by batch: the default) or canary (the canary alone earns the hall's trust: batches wait for no batch's verdicts), not ${JSON.stringify(trust)}.`,
    };
  }
  return {
    ok: true,
    value: {
      ...(batch.value !== undefined ? { batch: batch.value } : {}),
      ...(growth.value !== undefined ? { growth: growth.value } : {}),
      ...(maxBatch.value !== undefined ? { maxBatch: maxBatch.value } : {}),
      ...(tolerate.value !== undefined ? { tolerate: tolerate.value } : {}),
      ...(maxOffline.value !== undefined ? { maxOffline: maxOffline.value } : {}),
      ...(trust !== undefined ? { trust: trust as RolloutTrust } : {}),
    },
  };
}
