/**
 * Writes to devices (docs/design.md, Commissioning actions): what a preview shows before anything is sent, and
 * what each device's outcome was after. Shared by the app (over IPC), the CLI (`--json`) and the
 * activity log, so all three say the same thing. Never a secret: a new password is not in any of these.
 */
import { z } from 'zod';
import { messageRefSchema } from '../i18n/message-schema';
import { isoTimeSchema } from './inventory';

/**
 * - `done`: the device took the write and it was read back;
 * - `failed`: the device refused it, or it could not be sent (nothing changed);
 * - `unknown`: sent, but no clear answer and no read-back yet — the device may have applied it (check);
 * - `skipped`: not sent, for the reason given (the preview said so).
 */
export const WRITE_OUTCOMES = ['done', 'failed', 'unknown', 'skipped'] as const;
export type WriteOutcome = (typeof WRITE_OUTCOMES)[number];

/** One device in a preview: what will be sent to it, or why it is skipped. */
export const writePlanEntrySchema = z.object({
  address: z.string(),
  deviceId: z.string(),
  send: z.boolean(),
  /** For a device that will be written: what (e.g. "current password: stored password of site …"). */
  detail: z.string(),
  /** `detail` as a key and values, for the window's language (issue 35); absent where main has none yet. */
  detailText: messageRefSchema.optional(),
});
export type WritePlanEntry = z.infer<typeof writePlanEntrySchema>;

/** One device's outcome of a write. */
export const writeResultSchema = z.object({
  address: z.string(),
  deviceId: z.string(),
  outcome: z.enum(WRITE_OUTCOMES),
  message: z.string(),
  /** The words as a key and values (issue 35): the window renders them in its language; absent on older records. */
  text: messageRefSchema.optional(),
  /** The failure as the CLI's `--json` and IPC carry it. */
  error: z
    .object({ code: z.string(), message: z.string(), detail: z.record(z.string(), z.unknown()).optional() })
    .optional(),
});
export type WriteResult = z.infer<typeof writeResultSchema>;

/** What a write was, for the activity log and the report. */
export const ACTIVITY_ACTIONS = [
  'password-change',
  'pools',
  'locate',
  'restart-mining',
  'reboot',
  'api-key',
  'firmware',
  'power-profile',
  /** A device's `location` note written (or removed) when it was placed in a slot (issue 34). */
  'location',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export const ACTIVITY_WORDS: Record<ActivityAction, string> = {
  'password-change': 'password changed',
  pools: 'pools set',
  locate: 'locate LED',
  'restart-mining': 'mining restarted',
  reboot: 'rebooted',
  'api-key': 'API key created',
  firmware: 'firmware updated',
  'power-profile': 'power profile set',
  location: 'location written',
};

/**
 * A firmware rollout's entries (docs/commissioning.md, "Firmware"): `upload` before a step's uploads,
 * `accepted` when devices took the image (they reboot: `until` is the deadline), `verdict` after each
 * verdict. The image's SHA-256 lets a later run continue where this one stopped.
 */
export const FIRMWARE_ACTIVITY_PHASES = ['upload', 'accepted', 'verdict'] as const;

export const firmwareActivitySchema = z.object({
  phase: z.enum(FIRMWARE_ACTIVITY_PHASES),
  image: z.object({
    name: z.string().max(300),
    bytes: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  expectVersion: z.string().max(100).optional(),
});
export type FirmwareActivity = z.infer<typeof firmwareActivitySchema>;

/** One write in a site's activity log: who (this laptop), what, when, and each device's outcome. */
export const activityEntrySchema = z.object({
  id: z.string().min(1).max(64),
  siteId: z.string(),
  at: isoTimeSchema,
  /** The laptop's host name. */
  by: z.string().max(200),
  action: z.enum(ACTIVITY_ACTIONS),
  /** A line a technician reads ("to each device's own password"); never a secret. */
  what: z.string().max(500),
  /** `what` as a key and values (issue 35); absent on entries written before. */
  whatText: messageRefSchema.optional(),
  /**
   * Until when the write's effect lasts, for whichever process runs next: a locate LED turned on goes off
   * by itself then; a reboot or mining restart is expected to disrupt the device until then (no alarm).
   */
  until: isoTimeSchema.optional(),
  /** A firmware rollout's entry: its phase and image. */
  firmware: firmwareActivitySchema.optional(),
  devices: z
    .array(
      z.object({
        deviceId: z.string(),
        address: z.string(),
        outcome: z.enum(WRITE_OUTCOMES),
        message: z.string().max(1000),
        /** The words as a key and values (issue 35): the window renders them in its language; absent on older records. */
        text: messageRefSchema.optional(),
        /** Firmware: the version before, and the one it came back on. */
        from: z.string().max(100).optional(),
        to: z.string().max(100).optional(),
      }),
    )
    .max(100_000),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** Addresses a summary names at most, per outcome: a report line stays a line. */
const NAMED_ADDRESSES = 10;

/**
 * The summary's opening words, up to the count: "pools set on", and for the locate LED which way it went,
 * "locate LED on for" / "locate LED off for". An LED turned on is the entry that says until when (it goes
 * off by itself then); without `until`, it was turned off.
 */
function summaryLead(entry: Pick<ActivityEntry, 'action' | 'until' | 'devices'>): string {
  if (entry.action === 'firmware') {
    // "firmware 1.2.7 on": the version most verified devices came back on.
    const versions = new Map<string, number>();
    for (const d of entry.devices)
      if (d.outcome === 'done' && d.to !== undefined) versions.set(d.to, (versions.get(d.to) ?? 0) + 1);
    const version = [...versions.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    return version !== undefined ? `firmware ${version} on` : `${ACTIVITY_WORDS.firmware} on`;
  }
  if (entry.action !== 'locate') return `${ACTIVITY_WORDS[entry.action]} on`;
  return `${ACTIVITY_WORDS.locate} ${entry.until !== undefined ? 'on' : 'off'} for`;
}

/**
 * A firmware rollout's entries before a verdict say where it is, not an outcome: "firmware upload starting
 * on 20 devices", "firmware taken by 5 devices, rebooting". Undefined for every other entry.
 */
function firmwarePhaseSummary(
  entry: Pick<ActivityEntry, 'action'> & Partial<Pick<ActivityEntry, 'firmware' | 'devices'>>,
): string | undefined {
  const phase = entry.firmware?.phase;
  if (entry.action !== 'firmware' || phase === undefined || phase === 'verdict') return undefined;
  const n = entry.devices?.length ?? 0;
  const devices = `${n} device${n === 1 ? '' : 's'}`;
  return phase === 'upload'
    ? `firmware upload starting on ${devices}`
    : `firmware taken by ${devices}, rebooting`;
}

/**
 * "password changed on 198 of 200 devices; 2 failed" — the report's and the CLI's one-line summary.
 * `addresses`: the failed and unknown ones are named ("2 failed: 10.0.0.7, 10.0.0.9"), as the report says.
 * A locate summary needs the entry's `until` (when one was turned on) to say which way the LED went; a
 * firmware entry its `firmware` (phase), and its verdicts read "firmware 1.2.7 on 19 of 20 devices".
 */
export function summarizeActivity(
  entry: Pick<ActivityEntry, 'action' | 'devices' | 'until'> & Partial<Pick<ActivityEntry, 'firmware'>>,
  options: { addresses?: boolean } = {},
): string {
  const phase = firmwarePhaseSummary(entry);
  if (phase !== undefined) return phase;
  const count = (outcome: WriteOutcome) => entry.devices.filter((d) => d.outcome === outcome).length;
  const done = count('done');
  const tried = entry.devices.length - count('skipped');
  const parts = [`${summaryLead(entry)} ${done} of ${tried} device${tried === 1 ? '' : 's'}`];
  for (const outcome of ['failed', 'unknown', 'skipped'] as const) {
    const n = count(outcome);
    if (n === 0) continue;
    const part = `${n} ${outcome === 'unknown' ? 'unknown (check)' : outcome}`;
    if (options.addresses !== true || outcome === 'skipped') {
      parts.push(part);
      continue;
    }
    const named = entry.devices
      .filter((d) => d.outcome === outcome)
      .slice(0, NAMED_ADDRESSES)
      .map((d) => d.address.replace(/^https?:\/\//, ''));
    parts.push(`${part}: ${named.join(', ')}${n > named.length ? ` and ${n - named.length} more` : ''}`);
  }
  return parts.join('; ');
}
