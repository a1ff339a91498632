/**
 * Push events main → renderer. Each is `{ type, payload }` with a zod schema, validated in tests and by the
 * browser harness (the renderer trusts main and keeps zod out of its bundle). Main batches them (≤ 10 per
 * second) so a fleet of thousands of devices costs the renderer a handful of messages per second, not one
 * per device.
 */
import { z } from 'zod';
import { messageRefSchema } from '../i18n/message-schema';
import { acceptancePhaseSchema, acceptanceVerdictSchema } from '../domain/acceptance';
import { WRITE_OUTCOMES } from '../domain/commission';
import {
  COMMISSION_RUN_STATUSES,
  COMMISSION_STEP_KINDS,
  commissionCountsSchema,
  commissionDeviceSchema,
  deviceDriftSchema,
  driftSummarySchema,
} from '../domain/standard';
import { certificateChangeSchema, firmwareEventSchema, firmwareOutcomeSchema } from '../domain/firmware';
import { runProgressSchema } from '../domain/run-progress';
import { discoveredHostSchema, scanProgressSchema, scanSummarySchema } from './channels/discovery';
import { fleetDeviceSchema } from './channels/monitor';
import { monitorDiffWireSchema } from './monitor-diff-wire';

/** The writes whose progress and outcomes stream as `commission:*` events. */
export const COMMISSION_OPERATIONS = [
  'password-change',
  'pools',
  'locate',
  'restart-mining',
  'reboot',
  'power-profile',
] as const;
export type CommissionOperation = (typeof COMMISSION_OPERATIONS)[number];

export const eventSchemas = {
  /** Sent once when main has finished starting its services. */
  'app:ready': z.object({ startedAt: z.string() }),
  /** A bulk credential operation advanced (one per finished device, batched by the hub). */
  'credentials:progress': z.object({
    operation: z.enum(['unlock', 'provision']),
    done: z.number(),
    total: z.number(),
    ok: z.number(),
    failed: z.number(),
  }),
  /** One device's outcome in a bulk credential operation. Metadata only: never a password, token or key. */
  'credentials:device': z.object({
    operation: z.enum(['unlock', 'provision']),
    address: z.string(),
    deviceId: z.string().optional(),
    ok: z.boolean(),
    error: z
      .object({
        code: z.string(),
        message: z.string(),
        /** The error in the window's language (issue 35). */
        text: messageRefSchema.optional(),
        retryAfterSeconds: z.number().optional(),
      })
      .optional(),
  }),
  /**
   * Monitoring: the devices that changed since the last diff (state, reason, compact reading, alerts), the
   * alerts raised and cleared, and fleet totals. At most one per event-hub flush, however many devices.
   * The devices travel as columns (monitor-diff-wire.ts; monitor-diff-codec.ts turns them back into views).
   */
  'monitor:diff': monitorDiffWireSchema,
  /** Hosts a scan found (one event per host; the hub batches them). */
  'discovery:found': z.object({ scanId: z.string(), host: discoveredHostSchema }),
  /** A scan's progress, at most 10 per second. */
  'discovery:progress': z.object({ scanId: z.string(), progress: scanProgressSchema }),
  /** A scan ended: finished or cancelled. */
  'discovery:done': z.object({ scanId: z.string(), summary: scanSummarySchema }),
  /**
   * Fleet membership and stored-credential badges changed (devices added, credentials stored or
   * forgotten, an address learnt): the devices as they are now, and the ids removed.
   */
  'fleet:changed': z.object({ devices: z.array(fleetDeviceSchema), removed: z.array(z.string()) }),
  /** A site's layout or placements changed (a rack edited, devices placed, a `location` note read): read it again. */
  'layout:changed': z.object({ siteId: z.string() }),
  /**
   * A write to many devices advanced (one per finished device, batched by the hub): `changed` took it,
   * `failed` refused it or gave no clear answer (check), `skipped` were not contacted.
   */
  'commission:progress': z.object({
    operation: z.enum(COMMISSION_OPERATIONS),
    done: z.number(),
    total: z.number(),
    changed: z.number(),
    failed: z.number(),
    skipped: z.number(),
  }),
  /** One device's outcome of a write. Metadata only: never the new or the old password. */
  'commission:device': z.object({
    operation: z.enum(COMMISSION_OPERATIONS),
    deviceId: z.string(),
    address: z.string(),
    outcome: z.enum(WRITE_OUTCOMES),
    message: z.string(),
    /** Pools: the device mines on the new pools only after a mining restart. */
    restartRequired: z.boolean().optional(),
    /** Locate: the LED as read back. */
    ledOn: z.boolean().optional(),
  }),
  /** One device's acceptance verdict, as soon as its last reading is in (the hub batches them). */
  'acceptance:verdict': z.object({ runId: z.string(), verdict: acceptanceVerdictSchema }),
  /** Devices of a run that changed phase (settling → watching), or whose settling state changed. */
  'acceptance:phase': z.object({ runId: z.string(), phases: z.array(acceptancePhaseSchema) }),
  /** An acceptance run ended: its verdicts kept in the site (`saved`), or cancelled with none kept. */
  'acceptance:done': z.object({
    runId: z.string(),
    status: z.enum(['done', 'cancelled']),
    passed: z.number(),
    failed: z.number(),
    /** Not judged yet: still settling at the settle limit (absent from runs before issue 32). */
    pending: z.number().optional(),
    saved: z.boolean(),
    saveError: z.string().optional(),
  }),
  /** A firmware rollout advanced: a device's step ("uploading (42 %)", "verified: …"), a step began or ended. */
  'firmware:progress': z.object({
    runId: z.string(),
    event: firmwareEventSchema,
    /** Per step the devices done, and the time left (issue 33). */
    progress: runProgressSchema.optional(),
  }),
  /** A running rollout's time left, told again though no device changed (every 30 s of field time). */
  'firmware:time-left': z.object({ runId: z.string(), progress: runProgressSchema }),
  /** The technician is asked to trust the new certificates of updated devices (the rollout waits). */
  'firmware:question': z.object({
    runId: z.string(),
    questionId: z.string(),
    changes: z.array(certificateChangeSchema),
  }),
  /** A firmware rollout ended (finished, stopped or cancelled): every device named. */
  'firmware:done': z.object({ runId: z.string(), outcome: firmwareOutcomeSchema }),
  /** A Commission run advanced (batched by the hub): its phase and counts; `status` once it ended. */
  'standard:progress': z.object({
    runId: z.string(),
    status: z.enum(COMMISSION_RUN_STATUSES),
    phase: z.enum(COMMISSION_STEP_KINDS).optional(),
    counts: commissionCountsSchema,
    /** Per step the devices done, and the time left (issue 33). */
    progress: runProgressSchema.optional(),
  }),
  /** One device of a Commission run changed (a step started or ended, its outcome). */
  'standard:device': z.object({ runId: z.string(), device: commissionDeviceSchema }),
  /** Devices whose drift from the standard changed (a write, a read, the standard itself), and the counts. */
  'standard:drift': z.object({
    siteId: z.string(),
    devices: z.array(deviceDriftSchema),
    summary: driftSummarySchema,
  }),
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventPayload<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;

export type AppEvent = { [T in EventType]: { type: T; payload: EventPayload<T> } }[EventType];

export const appEventSchema = z.discriminatedUnion(
  'type',
  (Object.keys(eventSchemas) as EventType[]).map((type) =>
    z.object({ type: z.literal(type), payload: eventSchemas[type] }),
  ) as unknown as [z.ZodObject<{ type: z.ZodLiteral<EventType> }>],
);

/** Events travel in batches; one IPC message carries all events of one flush. */
export const eventBatchSchema = z.array(appEventSchema);
