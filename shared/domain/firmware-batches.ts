/**
 * The sizes of a rollout's batches (docs/commissioning.md, "Pacing for a hall"): a pure function, so the
 * plan, the CLI's plan lines and `--json`, and the app's plan preview say the same sizes.
 *
 * After the canary, the first batch is `batch`; each next one is `growth` times the one before (trust grows
 * with every clean batch), up to `maxBatch`, and never over `maxOffline` (a batch that could not be
 * offline at once would wait on itself). A final remainder smaller than a quarter of the largest batch
 * joins the batch before (a tail of 39 devices after batches of 250 is not worth a turn of its own), as
 * long as that batch stays within `maxOffline`. 1,000 uploads with the defaults: canary 1, then 10, 40,
 * 160, 250, 250, 289.
 */

export interface BatchPacing {
  canary: number;
  batch: number;
  growth: number;
  maxBatch: number;
  maxOffline: number;
}

/** The sizes of the batches after the canary, for `uploads` devices (the canary's not counted in). */
export function batchSizesAfterCanary(uploads: number, pacing: Omit<BatchPacing, 'canary'>): number[] {
  const cap = Math.max(1, Math.min(pacing.maxBatch, pacing.maxOffline));
  const sizes: number[] = [];
  let left = uploads;
  // The unrounded size grows by `growth` each time: with 1.5 from 1 the sizes still climb (1, 1, 2, 3, 5…).
  let ideal = Math.min(pacing.batch, cap);
  while (left > 0) {
    const size = Math.min(left, Math.min(cap, Math.max(1, Math.floor(ideal + 1e-9))));
    sizes.push(size);
    left -= size;
    ideal = Math.min(cap, ideal * pacing.growth);
  }
  const last = sizes.at(-1);
  const before = sizes.at(-2);
  if (last !== undefined && before !== undefined) {
    const largest = Math.max(...sizes);
    if (last < largest / 4 && before + last <= pacing.maxOffline) {
      sizes.pop();
      sizes[sizes.length - 1] = before + last;
    }
  }
  return sizes;
}

/** Every upload step's size in order: the canary's first (unless `withCanary` is false), then the batches. */
export function batchSizes(uploads: number, pacing: BatchPacing, withCanary = true): number[] {
  const canary = withCanary ? Math.min(pacing.canary, uploads) : 0;
  return [...(canary > 0 ? [canary] : []), ...batchSizesAfterCanary(uploads - canary, pacing)];
}

/** "canary 1, then 10, 40, 160, 250, 250, 289"; without a canary "batches of 10, 40"; nothing: "". */
export function sizesWords(sizes: readonly number[], withCanary: boolean): string {
  if (sizes.length === 0) return '';
  if (withCanary) {
    const [canary, ...rest] = sizes;
    return `canary ${canary}${rest.length > 0 ? `, then ${rest.join(', ')}` : ''}`;
  }
  return sizes.length === 1 ? `one batch of ${sizes[0]}` : `batches of ${sizes.join(', ')}`;
}

/** A plan's sizes in words, its canary's first when it has one: "canary 1, then 10, 40". */
export function planSizesWords(plan: {
  batchSizes: readonly number[];
  steps: readonly { kind: string }[];
}): string {
  return sizesWords(
    plan.batchSizes,
    plan.steps.some((s) => s.kind === 'canary'),
  );
}

/**
 * How many devices of a batch may fail and the rollout still go on (`tolerate`, percent of the batch,
 * default 2): a hall loses a device now and then in any reboot (a device that does not come back, one
 * back on its old version) — a field attrition of well under 1 % (tests/simulator/README.md "Field
 * faults") that says nothing about the image. Trust is not there yet for the canary, an earlier run's
 * devices and the first batch: there any failure is trouble. Later batches tolerate
 * ceil(size × tolerate / 100) failures; one more is trouble and stops the rollout after that batch.
 */
export const DEFAULT_TOLERATE_PERCENT = 2;

export function toleratedFailures(
  step: { kind: 'earlier-run' | 'canary' | 'batch'; size: number; batchNumber: number },
  tolerate: number = DEFAULT_TOLERATE_PERCENT,
): number {
  if (step.kind !== 'batch' || step.batchNumber <= 1) return 0;
  return Math.max(0, Math.ceil((step.size * tolerate) / 100 - 1e-9));
}
