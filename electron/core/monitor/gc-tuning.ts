/**
 * How V8 collects garbage in a process that monitors a fleet (the CLI, the app's main process), set once at
 * start. Both flags are read at every collection, so setting them once the process runs works; the
 * monitor benchmark's figures are with this call, made as the CLI and the app make it.
 *
 * - `--heap-growing-percent=100`: the old generation's next limit at most twice the live heap after a full
 *   collection. V8 otherwise picks a factor from 1.1 up to 4 on a machine whose heap limit is 2 GB or more
 *   (Node's default on a laptop with 8 GB) while allocation runs fast — as it does while a monitor connects
 *   to and unlocks 10,000 devices. With 72 MB live, the heap reached 235 MB in use and the process's peak
 *   RSS 396–415 MB (budget 400 MB); at twice: 311–329 MB for the same CPU per poll. At 1.5 times the full
 *   collections cost a third more CPU a poll. A cap on the heap's size (`--max-old-space-size`) would also
 *   lower the factor, but takes effect only on Node's command line and puts a ceiling on large fleets.
 * - `--no-parallel-scavenge`: young-generation collections on the main thread alone. A poll's garbage is
 *   small and short-lived; on a 2-core laptop, handing each scavenge to helper threads cost more CPU in
 *   their start and synchronisation than it saved (2,000 devices every 5 s: 124–143 µs a poll instead of
 *   172–177 µs; event-loop delay p99 unchanged at 12–16 ms).
 *
 * Figures: docs/benchmarks.md, monitor.
 */
import { setFlagsFromString } from 'node:v8';

export const GC_FLAGS = ['--heap-growing-percent=100', '--no-parallel-scavenge'] as const;

/** Called once at the start of a process that may monitor a fleet. */
export function tuneGcForMonitoring(): void {
  for (const flag of GC_FLAGS) setFlagsFromString(flag);
}
