/**
 * A rollout's pacing in words, as a site's standard keeps it (issue 33): what is set, the rest the
 * rollout's defaults. Zod-free: the CLI and the window say it alike.
 */
import type { RolloutPacing } from '../domain/firmware';

/** `first batch 10, growth 4, largest batch 250, 500 offline at most, 2 % of a batch may fail`: what is set. */
export function pacingWords(pacing: RolloutPacing): string {
  const parts = [
    pacing.batch !== undefined ? `first batch ${pacing.batch}` : undefined,
    pacing.growth !== undefined ? `growth ${pacing.growth}` : undefined,
    pacing.maxBatch !== undefined ? `largest batch ${pacing.maxBatch}` : undefined,
    pacing.maxOffline !== undefined ? `${pacing.maxOffline} offline at most` : undefined,
    pacing.tolerate !== undefined ? `${pacing.tolerate} % of a batch may fail` : undefined,
    pacing.trust === 'canary'
      ? 'trusting the canary (no batch waits for earlier batches to verify)'
      : undefined,
  ].filter((p): p is string => p !== undefined);
  return parts.length === 0 ? 'the rollout defaults' : parts.join(', ');
}
