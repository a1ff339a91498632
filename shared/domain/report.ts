/**
 * The hand-over report and what it is built from. One data shape, rendered as
 * CSV, JSON and printable HTML by core, previewed by the renderer over IPC; so its schema lives here.
 *
 * `CommissioningSnapshot` is the report's only view of live monitoring: each device's final state with
 * its reason, its compact reading and the alerts seen. The monitor's snapshot fills it in the app; the
 * CLI fills it from one poll of each device. Nothing secret is in either: whether a device has an API key
 * is a yes or no from the keychain's metadata.
 */
import { z } from 'zod';
import { acceptanceVerdictSchema } from './acceptance';
import { ACTIVITY_ACTIONS, WRITE_OUTCOMES } from './commission';
import { COMMISSIONING_STATUSES, isoTimeSchema } from './inventory';
import { ALERT_KINDS, MONITOR_STATES, readingSummarySchema } from './monitor';
import { PASSWORD_STATUSES } from './password-status';
import { acceptanceCriteriaSchema } from './acceptance';
import { powerChoiceSchema } from './power-plan';
import { deviceDriftSchema, driftSummarySchema, standardPoolViewSchema } from './standard';

export const seenAlertSchema = z.object({
  kind: z.enum(ALERT_KINDS),
  message: z.string(),
  /** Epoch milliseconds. */
  raisedAt: z.number(),
  clearedAt: z.number().optional(),
});
export type SeenAlert = z.infer<typeof seenAlertSchema>;

export const deviceCommissioningSchema = z.object({
  deviceId: z.string(),
  state: z.enum(MONITOR_STATES),
  reason: z.string(),
  reading: readingSummarySchema.optional(),
  /** Active and cleared, oldest first. */
  alerts: z.array(seenAlertSchema),
  /**
   * The pools (url, worker, the device's `pool_type`) the device reported, when its summary was read;
   * never a pool password.
   */
  pools: z
    .array(z.object({ url: z.string(), user: z.string().optional(), type: z.string().optional() }))
    .optional(),
});
export type DeviceCommissioning = z.infer<typeof deviceCommissioningSchema>;

export const commissioningSnapshotSchema = z.object({
  /** When the states were read (epoch ms). */
  at: z.number(),
  devices: z.array(deviceCommissioningSchema),
});
export type CommissioningSnapshot = z.infer<typeof commissioningSnapshotSchema>;

/** Monitoring states, plus `not-checked` for a device the report had no live state for. */
export const REPORT_STATES = [...MONITOR_STATES, 'not-checked'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/** A verdict as the report carries it (the device's id and address are the report device's own). */
export const reportAcceptanceSchema = acceptanceVerdictSchema
  .omit({ deviceId: true, address: true })
  .extend({ by: z.string() });
export type ReportAcceptance = z.infer<typeof reportAcceptanceSchema>;

/**
 * A device against its site's standard (shared/domain/standard.ts): `at-standard` (the column's ✓), or
 * the words of what differs or could not be checked ("factory password", "not checked: preset not read").
 */
export const reportDeviceStandardSchema = deviceDriftSchema.omit({ deviceId: true, address: true });
export type ReportDeviceStandard = z.infer<typeof reportDeviceStandardSchema>;

/**
 * The site against its standard (issue 26): the line ("The site standard: 182 of 200 devices at the
 * standard; 18 differ: 12 factory password, 6 pools differ"), the counts, and what the standard asks —
 * never a secret: whether a password is asked and stored, pool URLs without any login, worker templates.
 */
export const reportStandardSchema = z.object({
  /** false: the site has no standard (the line says so, `parts` and `summary` are null). */
  set: z.boolean(),
  line: z.string(),
  summary: driftSummarySchema.nullable(),
  parts: z
    .object({
      /** The standard asks for the site password; `stored`: this keychain holds it. */
      password: z.object({ required: z.boolean(), stored: z.boolean().nullable() }),
      pools: z.array(standardPoolViewSchema),
      firmware: z.string().nullable(),
      power: powerChoiceSchema.nullable(),
      acceptance: acceptanceCriteriaSchema.nullable(),
      updatedAt: isoTimeSchema,
    })
    .nullable(),
});
export type ReportStandard = z.infer<typeof reportStandardSchema>;

/** A rack of the site's layout as the report draws it (the devices name it by `area` and `rack`). */
export const reportRackSchema = z.object({
  area: z.string(),
  name: z.string(),
  shelves: z.number().int().min(1),
  positions: z.number().int().min(1),
});
export type ReportRack = z.infer<typeof reportRackSchema>;

export const reportDeviceSchema = z.object({
  deviceId: z.string(),
  address: z.string(),
  label: z.string(),
  mac: z.string().nullable(),
  hostname: z.string().nullable(),
  model: z.string().nullable(),
  firmware: z.string().nullable(),
  serial: z.string().nullable(),
  state: z.enum(REPORT_STATES),
  stateReason: z.string(),
  /** The device's own state word (`mining`, `failure`…), when it answered. */
  minerState: z.string().nullable(),
  /** H/s. */
  hashRate: z.number().nullable(),
  nominalHashRate: z.number().nullable(),
  /** hashRate / nominalHashRate, when both are known. */
  hashRateShare: z.number().nullable(),
  /** °C. */
  chipTempMax: z.number().nullable(),
  boardTempMax: z.number().nullable(),
  /** From the keychain's metadata; null when the keychain could not be read. Never the key. */
  apiKey: z.boolean().nullable(),
  /** What is known of its password (shared/domain/password-status.ts), from the keychain's metadata. */
  password: z.object({
    status: z.enum(PASSWORD_STATUSES),
    changedAt: isoTimeSchema.optional(),
    pendingSince: isoTimeSchema.optional(),
    why: z.string().optional(),
  }),
  /**
   * Pools as the device reported them in this report's check (url without any login, worker); null when
   * not read. `firmwareFeePool`: the firmware's own fee pool ("DevFee"), not one of the customer's.
   */
  pools: z
    .array(
      z.object({
        url: z.string(),
        user: z.string().nullable(),
        firmwareFeePool: z.literal(true).optional(),
      }),
    )
    .nullable(),
  /** The locate LED as the device reported it; null when not read. */
  led: z.enum(['on', 'off']).nullable(),
  /** The latest reboot or mining restart this site's activity log holds for it (sent, not skipped). */
  lastRestart: z
    .object({
      action: z.enum(['reboot', 'restart-mining']),
      at: isoTimeSchema,
      outcome: z.enum(WRITE_OUTCOMES),
    })
    .nullable(),
  commissioning: z.enum(COMMISSIONING_STATUSES),
  /** The autotune preset in force, when the check read it; null when not read. */
  preset: z.string().nullable(),
  /** The worker of the first customer pool (the firmware's fee pool is not one), when the pools were read. */
  worker: z.string().nullable(),
  /** The device's latest acceptance verdict kept in the site, with the laptop that ran it; null: none yet. */
  acceptance: reportAcceptanceSchema.nullable(),
  /**
   * The device against its site's standard; null when the site has none. Optional only so a report
   * made before the standard existed still reads; buildReport always sets it.
   */
  standard: reportDeviceStandardSchema.nullable().optional(),
  /**
   * Where the device stands in the site's layout (issue 34): the area, the rack, the slot's name from the
   * site's pattern, the shelf (1 at the top) and position (1 at the left); all null when it is not placed.
   * Optional only so a report made before layouts existed still reads; buildReport always sets them.
   */
  area: z.string().nullable().optional(),
  rack: z.string().nullable().optional(),
  slot: z.string().nullable().optional(),
  shelf: z.number().int().nullable().optional(),
  position: z.number().int().nullable().optional(),
  problems: z.array(z.string()),
  alerts: z.array(seenAlertSchema),
  notes: z.string(),
  firstSeen: isoTimeSchema,
  lastSeen: isoTimeSchema.nullable(),
});
export type ReportDevice = z.infer<typeof reportDeviceSchema>;

export const reportActivitySchema = z.object({
  id: z.string(),
  at: isoTimeSchema,
  /** The laptop that made the write. */
  by: z.string(),
  action: z.enum(ACTIVITY_ACTIONS),
  what: z.string(),
  /** summarizeActivity's line. */
  summary: z.string(),
  /** Addresses whose outcome was `failed`, then `unknown` (each in its own list). */
  failed: z.array(z.string()),
  unknown: z.array(z.string()),
});
export type ReportActivity = z.infer<typeof reportActivitySchema>;

export const handOverReportSchema = z.object({
  reportVersion: z.literal(1),
  site: z.object({ id: z.string(), name: z.string() }),
  generatedAt: isoTimeSchema,
  /** The laptop's host name: whose machine produced it. */
  laptop: z.string(),
  /** Who hands the site over (typed in the app or `report --technician`; else the laptop's user). */
  technician: z.string(),
  app: z.object({ name: z.string(), version: z.string() }),
  /** When the devices' live states were read; null when none were. */
  checkedAt: isoTimeSchema.nullable(),
  counts: z.object({
    devices: z.number(),
    byState: z.partialRecord(z.enum(REPORT_STATES), z.number()),
    apiKeys: z.number(),
    withProblems: z.number(),
    /** Devices whose working password is the factory default. */
    factoryPasswords: z.number(),
    /** Devices that answered this report's check. */
    online: z.number(),
    /** Devices whose latest acceptance verdict passed, failed; the rest have none yet. */
    accepted: z.number(),
    failed: z.number(),
  }),
  /**
   * What the site runs, for page 1: each customer pool with how many devices use it, each firmware with
   * how many devices run it (most used first).
   */
  inForce: z.object({
    pools: z.array(z.object({ url: z.string(), devices: z.number(), workers: z.array(z.string()) })),
    firmware: z.array(z.object({ firmware: z.string(), devices: z.number() })),
  }),
  /**
   * The site's activity log in short, oldest first: each write with its one-line summary ("pools set on
   * 198 of 200 devices; 2 failed") and the addresses it failed on. Never a secret.
   */
  activity: z.array(reportActivitySchema),
  /** The site against its standard (optional only for reports made before it existed; always set now). */
  standard: reportStandardSchema.optional(),
  /**
   * The site's racks in its layout's order (areas as the site lists them), each a grid of shelves ×
   * positions the report draws as a map; empty when the site has no layout. Optional only so a report
   * made before layouts existed still reads.
   */
  racks: z.array(reportRackSchema).optional(),
  devices: z.array(reportDeviceSchema),
});
export type HandOverReport = z.infer<typeof handOverReportSchema>;

export const REPORT_FORMATS = ['csv', 'json', 'html'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
