/**
 * One operation over many devices: bounded concurrency (p-limit), exactly one outcome per device in input
 * order (docs/design.md principle 5: nothing silently lost), a callback per finished device for progress and
 * streaming, and cancel through an AbortSignal. After a cancel, devices not yet started are reported
 * CANCELLED without being contacted; devices in flight get the signal and end as soon as their socket does.
 */
import pLimit from 'p-limit';
import type { AppError } from '../../../shared/result';
import { toAppError } from '../errors/to-app-error';

export type BulkOutcome<T, V> = { item: T; ok: true; value: V } | { item: T; ok: false; error: AppError };

export interface BulkProgress {
  done: number;
  total: number;
  ok: number;
  failed: number;
}

export interface BulkOptions<T, V> {
  /** Devices worked on at once. Default 32. */
  concurrency?: number;
  signal?: AbortSignal;
  /** Called as each device finishes, in completion order. */
  onOutcome?: (outcome: BulkOutcome<T, V>, progress: BulkProgress) => void;
}

export const DEFAULT_BULK_CONCURRENCY = 32;
export const MAX_BULK_CONCURRENCY = 256;

export async function runBulk<T, V>(
  items: readonly T[],
  task: (item: T, signal: AbortSignal | undefined) => Promise<V>,
  options: BulkOptions<T, V> = {},
): Promise<BulkOutcome<T, V>[]> {
  const concurrency = Math.min(
    MAX_BULK_CONCURRENCY,
    Math.max(1, Math.floor(options.concurrency ?? DEFAULT_BULK_CONCURRENCY)),
  );
  const { signal, onOutcome } = options;
  const limit = pLimit(concurrency);
  const progress: BulkProgress = { done: 0, total: items.length, ok: 0, failed: 0 };

  const runOne = async (item: T): Promise<BulkOutcome<T, V>> => {
    let outcome: BulkOutcome<T, V>;
    if (signal?.aborted === true) {
      outcome = {
        item,
        ok: false,
        error: { code: 'CANCELLED', message: 'cancelled before it was contacted.' },
      };
    } else {
      try {
        outcome = { item, ok: true, value: await task(item, signal) };
      } catch (error) {
        outcome = { item, ok: false, error: toAppError(error) };
      }
    }
    progress.done += 1;
    if (outcome.ok) progress.ok += 1;
    else progress.failed += 1;
    onOutcome?.(outcome, { ...progress });
    return outcome;
  };

  return Promise.all(items.map((item) => limit(() => runOne(item))));
}
