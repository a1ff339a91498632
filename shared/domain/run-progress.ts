/**
 * A long run's progress as it travels (issue 33): per step the devices done, at it and waiting, and the
 * time left in field ms with its words (core's estimate, electron/core/progress/time-left.ts). Optional in
 * the Commission run's and the firmware rollout's views and events; the type is in the zod-free
 * shared/format/time-left-text.ts, which the window imports.
 */
import { z } from 'zod';
import type { RunProgressView } from '../format/time-left-text';

export const runProgressSchema = z.object({
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  perStep: z.array(
    z.object({
      step: z.string(),
      done: z.number().int().nonnegative(),
      running: z.number().int().nonnegative(),
      waiting: z.number().int().nonnegative(),
    }),
  ),
  leftMs: z.number().nonnegative().optional(),
  words: z.string(),
}) satisfies z.ZodType<RunProgressView>;
