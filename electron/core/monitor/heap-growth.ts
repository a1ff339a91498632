/**
 * How far V8 lets this process's heap grow past what is live before it collects again: at most twice the
 * live heap, instead of up to four times.
 *
 * Why: V8 sets the old generation's next limit at a factor of the live heap after each full collection, from
 * 1.1 up to 4 on a machine with a large heap limit (Node's default on a laptop with 8 GB or more) whenever
 * allocation runs fast — as it does while a monitor connects to and unlocks 10,000 devices. With 70 MB live,
 * the heap reached 235 MB in use and the process's peak RSS 396–415 MB (budget 400 MB: docs/benchmarks.md).
 * At twice the live heap: peak 311 MB, the same CPU per poll (132 against 131 µs). A factor of 1.5 cost
 * a third more CPU in full collections; a cap on the heap's size (`--max-old-space-size`) would also lower
 * the factor, but takes effect only on Node's command line and would put a ceiling on large fleets.
 *
 * `--heap-growing-percent` is read at every full collection, so setting it once the process runs works (the
 * benchmark's figures are with this call, as the CLI and the app's main process make it at start).
 */
import { setFlagsFromString } from 'node:v8';

/** The old generation's next limit: (1 + this / 100) × the live heap after a full collection. */
export const HEAP_GROWING_PERCENT = 100;

export const HEAP_GROWTH_FLAG = `--heap-growing-percent=${HEAP_GROWING_PERCENT}`;

/** Called once at the start of a process that may monitor a fleet (the CLI, the app's main process). */
export function limitHeapGrowth(): void {
  setFlagsFromString(HEAP_GROWTH_FLAG);
}
