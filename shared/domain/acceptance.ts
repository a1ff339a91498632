/**
 * Acceptance: the proof a site owner signs for at hand-over that each device is complete and healthy —
 * every hash board there, every chip hashing, no board failing, the hash rate at nominal, temperatures and
 * fans right, the pool taking its work — watched over a window, not read once (issue 25).
 *
 * One verdict per device: `pass` or `fail`, every failed check said in words (`reasons`), and the numbers
 * behind them (`evidence`). The same shape is stored in the site (a new run replaces a device's verdict),
 * printed by `minerdeck accept --json`, sent to the window and put in the report; so it lives here.
 */
import { z } from 'zod';
import { messageRefSchema } from '../i18n/message-schema';
import { ACCEPTANCE_DEFAULTS, SETTLE_MINUTES_RANGE, VERDICTS } from './acceptance-words';
import { isoTimeSchema } from './inventory';

export { ACCEPTANCE_DEFAULTS, VERDICTS, oneLineReason, verdictWords } from './acceptance-words';
export type { Verdict } from './acceptance-words';

/** Longer than a working day is a typo; shorter than a second reads nothing twice. */
export const ACCEPTANCE_MINUTES_RANGE = { min: 0.01, max: 24 * 60 } as const;

export const acceptanceCriteriaSchema = z.object({
  /** How long the devices are watched; decimals allowed (0.5 = 30 s). */
  minutes: z.number().min(ACCEPTANCE_MINUTES_RANGE.min).max(ACCEPTANCE_MINUTES_RANGE.max),
  /** The average hash rate over the window must reach this share of nominal, in %. */
  minHashratePercent: z.number().min(1).max(200),
  /** No chip may be hotter than this at any reading, in °C. */
  maxChipTempC: z.number().min(20).max(150),
  /** Rejected shares at most this share of the accepted ones during the window, in %. */
  maxRejectedPercent: z.number().min(0).max(100),
  /**
   * How long a device may take to settle (a mining state, its hash rate up) before its window opens, in
   * minutes; 0 = judge from the first reading. Absent (criteria kept before issue 32): the default, 15.
   */
  settleMinutes: z.number().min(SETTLE_MINUTES_RANGE.min).max(SETTLE_MINUTES_RANGE.max).optional(),
});
export type AcceptanceCriteria = z.infer<typeof acceptanceCriteriaSchema>;

export const defaultCriteria = (): AcceptanceCriteria => ({ ...ACCEPTANCE_DEFAULTS });

/** Every check a verdict is made of, in the order they are said. */
export const ACCEPTANCE_CHECKS = [
  'readable',
  'boards-present',
  'boards-healthy',
  'chips-hashing',
  'hash-rate',
  'chip-temperature',
  'fans',
  'pool',
] as const;
export type AcceptanceCheck = (typeof ACCEPTANCE_CHECKS)[number];

export const checkOutcomeSchema = z.object({
  check: z.enum(ACCEPTANCE_CHECKS),
  pass: z.boolean(),
  /** One sentence either way: "2 of 3 hash boards present (board 3 missing)", "3 of 3 hash boards present". */
  words: z.string(),
  /** The words as a key and values (issue 35): the window renders them in its language; absent on older records. */
  text: messageRefSchema.optional(),
});
export type CheckOutcome = z.infer<typeof checkOutcomeSchema>;

/** A board's chips that did not hash: `hr` 0 while the board mined, or graded red. */
export const deadChipsSchema = z.object({
  board: z.number(),
  count: z.number(),
  /** The chips' ids as the device numbers them; at most MAX_NAMED_CHIPS, `count` says how many in all. */
  chips: z.array(z.number()),
});
export type DeadChips = z.infer<typeof deadChipsSchema>;

/** At most this many chip ids are named per board (a board whose chain broke lists dozens). */
export const MAX_NAMED_CHIPS = 24;

/** The numbers behind a verdict: what was read over the window, in fixed units (TH/s, °C, rpm). */
export const acceptanceEvidenceSchema = z.object({
  /** The autotune preset in force during the window (`/perf-summary`), when the device said. */
  preset: z.string().nullable(),
  readings: z.object({
    /** Readings attempted (start, about once a minute, end) and how many could not be read. */
    taken: z.number(),
    failed: z.number(),
    /** "14:05:10 timed out": the first few failures. */
    failures: z.array(z.string()),
  }),
  boards: z.object({
    /** `/model` → `chain.num_chains`; null when the model could not be read. */
    expected: z.number().nullable(),
    /** The fewest boards `/chains` listed at one reading; null when it was never read. */
    seen: z.number().nullable(),
    /** Board ids expected but not seen (when the device numbers its boards 1…n). */
    missing: z.array(z.number()),
    /** Boards seen in `failure`, `disconnected` or `stopped`, the first time each was. */
    failing: z.array(z.object({ board: z.number(), state: z.string(), message: z.string().optional() })),
  }),
  deadChips: z.array(deadChipsSchema),
  /** Chips counted on the boards read (0 when `/chains` listed none). */
  chipsSeen: z.number(),
  hashRate: z.object({
    /** Mean of the readings' real-time hash rate, TH/s. */
    averageThs: z.number().nullable(),
    nominalThs: z.number().nullable(),
    /** averageThs / nominalThs in %, one decimal. */
    percent: z.number().nullable(),
    lowestThs: z.number().nullable(),
  }),
  temperature: z.object({
    /** The hottest chip at any reading, °C, and its board when `/chains` said. */
    hottestChipC: z.number().nullable(),
    board: z.number().nullable(),
    /** The hottest board (PCB) at any reading, °C. */
    hottestBoardC: z.number().nullable(),
  }),
  fans: z.object({
    /** The most fans one reading listed. */
    count: z.number(),
    slowestRpm: z.number().nullable(),
    /** Fans seen at 0 rpm or `lost`, the first time each was. */
    stopped: z.array(z.object({ id: z.number(), rpm: z.number().nullable(), status: z.string().nullable() })),
  }),
  shares: z.object({
    /** The customer's pools (the firmware's fee pool left out), over the window. */
    accepted: z.number().nullable(),
    rejected: z.number().nullable(),
    /** rejected / accepted in %, one decimal; null when nothing was accepted. */
    rejectedPercent: z.number().nullable(),
    /** The counters went back during the window (the miner restarted): counted from the restart on. */
    restarted: z.boolean(),
  }),
});
export type AcceptanceEvidence = z.infer<typeof acceptanceEvidenceSchema>;

/** One reading taken while the device settled: shown in the evidence, never counted in the verdict. */
export const settlingReadingSchema = z.object({
  at: isoTimeSchema,
  /** The miner state the device reported (`/summary` `miner.miner_status.miner_state`), when it said. */
  state: z.string().nullable(),
  /** Real-time hash rate, TH/s, when read. */
  hashRateThs: z.number().nullable(),
});
export type SettlingReading = z.infer<typeof settlingReadingSchema>;

/**
 * Where one device of a running acceptance stands before its verdict: `settling` (not mining yet, or its
 * hash rate still coming up; the window shows "Settling · 3 min", never "Failed") or `watching` (its
 * window is open).
 */
export const acceptancePhaseSchema = z.object({
  deviceId: z.string(),
  phase: z.enum(['settling', 'watching']),
  /** Settling: when the run began watching it. Watching: when its window opened. */
  since: isoTimeSchema,
  /** The miner state of its last reading ("auto-tuning"), when it said. */
  state: z.string().nullable(),
});
export type AcceptancePhase = z.infer<typeof acceptancePhaseSchema>;

export const acceptanceVerdictSchema = z.object({
  deviceId: z.string(),
  /** Canonical (`http://host[:port]`). */
  address: z.string(),
  verdict: z.enum(VERDICTS),
  /** The failed checks' words, in check order; empty for a pass. */
  reasons: z.array(z.string()),
  /**
   * `reasons` as keys and values, one each, in the same order (issue 35): what the window renders in its
   * language and what the site keeps language-neutral; absent on verdicts kept before.
   */
  reasonTexts: z.array(messageRefSchema).optional(),
  checks: z.array(checkOutcomeSchema),
  evidence: acceptanceEvidenceSchema,
  criteria: acceptanceCriteriaSchema,
  startedAt: isoTimeSchema,
  endedAt: isoTimeSchema,
  /**
   * When the device's window opened (it had settled); null when it never settled (a `pending` verdict, or
   * a failure that could not wait). Absent on verdicts kept before issue 32.
   */
  settledAt: isoTimeSchema.nullable().optional(),
  /** The readings before the window opened (the settling phase); absent or empty when it was settled at once. */
  settling: z.array(settlingReadingSchema).optional(),
});
export type AcceptanceVerdict = z.infer<typeof acceptanceVerdictSchema>;

/** A verdict as the site keeps it: with its site and the laptop that ran it. */
export const storedVerdictSchema = acceptanceVerdictSchema.extend({
  siteId: z.string(),
  by: z.string(),
});
export type StoredVerdict = z.infer<typeof storedVerdictSchema>;
