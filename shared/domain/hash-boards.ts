/**
 * What a device says about its hash boards and chips (vendor OpenAPI 1.2.6): how many boards the model has
 * (`GET /model` → `chain`), each board and its chips now (`GET /chains`, `AntmChainChips`), and what the
 * factory measured (`GET /chains/factory-info`). All three are anonymous in the vendor document. Hash
 * rates are in the device's unit (`hr_measure`, GH/s on every known firmware); temperatures in °C.
 * Every field the device may leave out is optional: the readers never invent a value.
 */
import { z } from 'zod';

/** `GET /model`: the model's board layout. */
export const modelChainsSchema = z.object({
  /** `full_name` ("Antminer S21 Pro"). */
  fullName: z.string().optional(),
  /** `chain.num_chains`: the hash boards the model has. */
  numChains: z.number().optional(),
  /** `chain.chips_per_chain`. */
  chipsPerChain: z.number().optional(),
  /** `hr_measure` ("GH/s"). */
  hashRateUnit: z.string().optional(),
  /**
   * The fans the model runs with: `cooling.fan_min_count.default`, the firmware's own minimum out of the
   * box (4 on an air-cooled S19 or S21, whose `max` is 4 too); 0 for a model that needs none. Absent when
   * the model does not say (`fan_min_count` null or missing).
   */
  fans: z.number().optional(),
});
export type ModelChains = z.infer<typeof modelChainsSchema>;

/** The vendor's `ChipGrade`: grey (fine), orange (weak), red (bad). Other words are kept as sent. */
export const CHIP_GRADES = ['grey', 'orange', 'red'] as const;

/** One chip of a board (`AntmChip`). */
export const chipSchema = z.object({
  id: z.number().optional(),
  /** Its hash rate now; 0 is a chip that does not hash. */
  hr: z.number().optional(),
  temp: z.number().optional(),
  errs: z.number().optional(),
  grade: z.string().optional(),
});
export type Chip = z.infer<typeof chipSchema>;

/** One hash board now (`AntmChainChips`). */
export const hashBoardSchema = z.object({
  /** `id`; the board's place in the list when the device sent none. */
  id: z.number(),
  /** `status.state`: initializing, mining, stopped, failure, disconnected, disabled, unknown. */
  state: z.string().optional(),
  /** `status.failure_message`. */
  failureMessage: z.string().optional(),
  hashRate: z.number().optional(),
  nominalHashRate: z.number().optional(),
  chips: z.array(chipSchema),
});
export type HashBoard = z.infer<typeof hashBoardSchema>;

/** `GET /chains` read tolerantly. */
export const hashBoardsSchema = z.object({
  boards: z.array(hashBoardSchema),
  warnings: z.array(z.string()),
});
export type HashBoards = z.infer<typeof hashBoardsSchema>;

/** One board as the factory tested it (`FactoryInfoChain`). */
export const factoryBoardSchema = z.object({
  id: z.number().optional(),
  serial: z.string().optional(),
  boardModel: z.string().optional(),
  /** The board's hash rate at the factory. */
  hashRate: z.number().optional(),
});

/** `GET /chains/factory-info` (`FactoryInfoReply`). */
export const factoryInfoSchema = z.object({
  /** `hr_stock`: the device's hash rate as shipped. */
  hrStock: z.number().optional(),
  psuModel: z.string().optional(),
  psuSerial: z.string().optional(),
  boards: z.array(factoryBoardSchema),
  warnings: z.array(z.string()),
});
export type FactoryInfo = z.infer<typeof factoryInfoSchema>;

/** `summary.miner.chains[].chip_statuses`: how many chips of a board have each grade. */
export const chipStatusesSchema = z.object({
  red: z.number().optional(),
  orange: z.number().optional(),
  grey: z.number().optional(),
});
export type ChipStatuses = z.infer<typeof chipStatusesSchema>;
