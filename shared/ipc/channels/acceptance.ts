/**
 * Acceptance from the window (docs/commissioning.md, "Acceptance"): a run over the fleet devices the
 * technician selected — watched for the window, each read at the start, about once a minute and at the end
 * — with its verdicts streaming as `acceptance:verdict` events as they settle and `acceptance:done` at the
 * end, when they are kept in the current site. One run at a time; it reads, never writes to a device.
 */
import { z } from 'zod';
import {
  acceptanceCriteriaSchema,
  acceptancePhaseSchema,
  acceptanceVerdictSchema,
  storedVerdictSchema,
} from '../../domain/acceptance';
import { isoTimeSchema } from '../../domain/inventory';

const deviceIds = z.array(z.string().min(1).max(128)).min(1).max(20_000);

/** A run as the window shows it: its window, its devices, and the verdicts settled so far. */
export const acceptanceRunSchema = z.object({
  runId: z.string(),
  status: z.enum(['running', 'done', 'cancelled']),
  criteria: acceptanceCriteriaSchema,
  startedAt: isoTimeSchema,
  /** When the last reading is due (the countdown's end). */
  endsAt: isoTimeSchema,
  /** The devices watched, in the order asked for. */
  deviceIds: z.array(z.string()),
  /** Asked-for devices that are not in the fleet (not watched). */
  notInFleet: z.array(z.string()),
  verdicts: z.array(acceptanceVerdictSchema),
  /** Devices without a verdict yet: settling or watching, and since when (absent before issue 32). */
  phases: z.array(acceptancePhaseSchema).optional(),
  /** Why the verdicts could not be kept in the site, when they could not. */
  saveError: z.string().optional(),
});
export type AcceptanceRun = z.infer<typeof acceptanceRunSchema>;

export const acceptanceChannels = {
  /** Starts a run over these fleet devices (refused while another runs). */
  'acceptance:start': {
    input: z.strictObject({
      deviceIds,
      criteria: z.strictObject(acceptanceCriteriaSchema.shape),
    }),
    output: acceptanceRunSchema,
  },
  /** Stops the run: nothing more is read and no verdict of it is kept. */
  'acceptance:cancel': {
    input: z.void(),
    output: z.object({ cancelled: z.boolean() }),
  },
  /** The run going on or last ended in this session, if any (a reloaded window picks it up again). */
  'acceptance:run': {
    input: z.void(),
    output: acceptanceRunSchema.nullable(),
  },
  /** The current site's kept verdicts, the latest of each device (fleet badges, the device panel). */
  'acceptance:verdicts': {
    input: z.void(),
    output: z.object({ siteId: z.string().nullable(), verdicts: z.array(storedVerdictSchema) }),
  },
} as const;
