/**
 * A typed reading of one device at one moment, extracted from `/status` (+ `/summary`, `/info` when the
 * device has them). Every field but `state`, `flags` and the lists is optional: real firmware leaves fields
 * out, and the reader never invents a value. Schemas live here so the same shape is validated on IPC.
 */
import { z } from 'zod';
import { MINER_STATE_KINDS } from './kinds';
import { chipStatusesSchema } from './hash-boards';

// Defined in kinds.ts (zod-free, for the renderer); part of this module's API too.
export { MINER_STATE_KINDS };
export type { MinerStateKind } from './kinds';

/**
 * A value the device sent that is outside what the hardware can do (electron/core/device/plausible-bounds.ts)
 * or, for the MAC, not a MAC at all: left out of the reading, kept in the raw JSON, shown as "implausible".
 */
export const implausibleValueSchema = z.object({
  /**
   * Which value: in a DeviceReading its path (`hashRate.realtime`, `fans[1].rpm`, `state.sinceSeconds`,
   * `identity.mac`…), in a ReadingSummary the summary's field (`hashRate`, `fanRpmMin`…).
   */
  field: z.string(),
  /** As the device sent it. */
  value: z.union([z.number(), z.string()]),
  /** For a person: "-1200 rpm (plausible: 0 to 30,000 rpm)". */
  text: z.string(),
});
export type ImplausibleValue = z.infer<typeof implausibleValueSchema>;

export const tempRangeSchema = z.object({ min: z.number().nullable(), max: z.number().nullable() });
export type TempRange = z.infer<typeof tempRangeSchema>;

export const hashRateSchema = z.object({
  /** Unit as the device reports it (`hr_measure`, e.g. "GH/s"); "N/A" and unknown units are kept. */
  unit: z.string(),
  realtime: z.number().optional(),
  average: z.number().optional(),
  nominal: z.number().optional(),
});
export type HashRate = z.infer<typeof hashRateSchema>;

export const fanSchema = z.object({
  id: z.number().optional(),
  rpm: z.number().optional(),
  maxRpm: z.number().optional(),
  status: z.string().optional(),
});

export const poolSchema = z.object({
  /** Without any login (`user:secret@`) the device's url had (shared/domain/pool-url.ts). */
  url: z.string(),
  user: z.string().optional(),
  /** The device's `pool_type`: `UserPool`, `DevFee` (the firmware's fee pool), `Refund`. */
  type: z.string().optional(),
  status: z.string().optional(),
  accepted: z.number().optional(),
  rejected: z.number().optional(),
});

export const boardSchema = z.object({
  id: z.number().optional(),
  hashRate: z.number().optional(),
  nominalHashRate: z.number().optional(),
  chipTemp: tempRangeSchema.optional(),
  boardTemp: tempRangeSchema.optional(),
  state: z.string().optional(),
  powerW: z.number().optional(),
  /** `chip_statuses`: how many of the board's chips are graded red, orange, grey. */
  chipStatuses: chipStatusesSchema.optional(),
});

export const deviceReadingSchema = z.object({
  state: z.object({
    /** The device's own word (`mining`, `auto-tuning`, `failure`…); "unknown" when absent. */
    name: z.string(),
    kind: z.enum(MINER_STATE_KINDS),
    sinceSeconds: z.number().optional(),
    /** Failure description and code, as the device gives them. */
    description: z.string().optional(),
    failureCode: z.union([z.number(), z.string()]).optional(),
  }),
  /** Whether the credentials sent were accepted (real firmware answers `/status` anonymously). */
  unlocked: z.boolean().optional(),
  flags: z.object({
    restartRequired: z.boolean(),
    rebootRequired: z.boolean(),
    locateLed: z.boolean(),
    throttled: z.boolean().optional(),
  }),
  hashRate: hashRateSchema.optional(),
  chipTemp: tempRangeSchema.optional(),
  boardTemp: tempRangeSchema.optional(),
  powerW: z.number().optional(),
  /** J/TH as the device reports it. */
  efficiency: z.number().optional(),
  fans: z.array(fanSchema),
  pools: z.array(poolSchema),
  boards: z.array(boardSchema),
  identity: z
    .object({
      model: z.string().optional(),
      firmware: z.string().optional(),
      mac: z.string().optional(),
      hostname: z.string().optional(),
      serial: z.string().optional(),
    })
    .optional(),
  /** Top-level status fields the reader does not know, kept for display. */
  extra: z.record(z.string(), z.unknown()),
  /** Fields that were present but unusable ("chip_temp.max is not a number"), for diagnostics. */
  warnings: z.array(z.string()),
  /** Values left out as physically implausible (each also has a warning); absent when there are none. */
  implausible: z.array(implausibleValueSchema).optional(),
});
export type DeviceReading = z.infer<typeof deviceReadingSchema>;
