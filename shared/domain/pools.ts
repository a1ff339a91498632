/**
 * Setting a site's pools (docs/design.md, Commissioning actions; field-notes.md, "Writes a
 * commissioning tool makes"): up to three pools, each a url, a worker-name template and a password, sent
 * as exactly three `{url, user, pass}` slots (unused ones empty). Shared by the app (over IPC), the CLI and
 * core so the preview, the outcome and the activity log say the same thing.
 *
 * The pool password is not a device secret (it is usually "x"), so a preset keeps it in the inventory;
 * still, it is never logged, never in an activity entry or a report, and the plans and outcomes here carry
 * only whether a slot has one.
 */
import { z } from 'zod';
import { messageRefSchema } from '../i18n/message-schema';
import type { Result } from '../result';
import { err, ok } from '../result';
import { writePlanEntrySchema, writeResultSchema } from './commission';
import { isoTimeSchema } from './inventory';
import { checkPoolUrl, withoutLogin } from './pool-url';
import type { WorkerTemplate } from './worker-template';
import { parseWorkerTemplate } from './worker-template';

/** Real firmware takes exactly this many slots (field-notes.md). */
export const POOL_SLOTS = 3;

/** One pool as the technician gives it: `worker` is a template (`acct.{mac6}`). */
export const poolSpecSchema = z.object({
  url: z.string().max(500),
  worker: z.string().max(200),
  password: z.string().max(200),
});
export type PoolSpec = z.infer<typeof poolSpecSchema>;

/** A named set of pools saved with a site ("Braiins main + backup"). */
export const poolPresetSchema = z.object({
  name: z.string().min(1).max(60),
  pools: z.array(poolSpecSchema).min(1).max(POOL_SLOTS),
  updatedAt: isoTimeSchema,
});
export type PoolPreset = z.infer<typeof poolPresetSchema>;

/** One slot as a device gets or has it, without the password: only whether there is one. */
export const poolSlotSchema = z.object({
  url: z.string(),
  user: z.string(),
  hasPassword: z.boolean(),
});
export type PoolSlot = z.infer<typeof poolSlotSchema>;

/** Why a device is left out of a pool request, for the app to group and filter the preview. */
export const POOL_SKIP_REASONS = ['offline', 'no-credential', 'locked-out', 'template'] as const;

/** One device of the preview: its three slots as they will be sent, or why it is skipped. */
export const poolPlanEntrySchema = writePlanEntrySchema.extend({
  /** The three slots to send; absent when the device is skipped. */
  slots: z.array(poolSlotSchema).length(POOL_SLOTS).optional(),
  skip: z.enum(POOL_SKIP_REASONS).optional(),
});
export type PoolPlanEntry = z.infer<typeof poolPlanEntrySchema>;

/** One device's outcome: the slots read back, and whether it must restart mining to use them. */
export const poolWriteResultSchema = writeResultSchema.extend({
  /** The workers sent (in slot order, empty for an unused slot); absent when nothing was sent. */
  workers: z.array(z.string()).optional(),
  /** What `GET /settings` showed after the write; absent when it could not be read. */
  readBack: z.array(poolSlotSchema).optional(),
  /** The device says it mines on the new pools only after a mining restart; absent when unknown. */
  restartRequired: z.boolean().optional(),
});
export type PoolWriteResult = z.infer<typeof poolWriteResultSchema>;

/** A device's configured pools (`pools show`), or why they could not be read. */
export const devicePoolsSchema = z.object({
  address: z.string(),
  deviceId: z.string(),
  slots: z.array(poolSlotSchema).optional(),
  /** `text`: the error in the window's language (issue 35). */
  error: z.object({ code: z.string(), message: z.string(), text: messageRefSchema.optional() }).optional(),
});
export type DevicePools = z.infer<typeof devicePoolsSchema>;

/** Checked pools with their parsed worker templates, in slot order. */
export interface CheckedPools {
  pools: PoolSpec[];
  templates: WorkerTemplate[];
}

/** Checks a request's pools before any device is asked: 1 to 3, each with a valid URL (pool-url.ts) and template. */
export function checkPools(pools: readonly PoolSpec[]): Result<CheckedPools> {
  if (pools.length === 0) return err('INVALID_INPUT', 'give at least one pool.');
  if (pools.length > POOL_SLOTS) {
    return err('INVALID_INPUT', `devices take at most ${POOL_SLOTS} pools, not ${pools.length}.`);
  }
  const templates: WorkerTemplate[] = [];
  for (const [i, pool] of pools.entries()) {
    const which = `pool ${i + 1}`;
    const url = checkPoolUrl(pool.url);
    if (!url.ok) {
      // Quoted without a login it may hold: an error message is shown and logged.
      const given = withoutLogin(pool.url.trim());
      return err('INVALID_INPUT', `${which}${given === '' ? '' : ` URL "${given}"`}: ${url.problem}.`);
    }
    const template = parseWorkerTemplate(pool.worker.trim());
    if (!template.ok) return err('INVALID_INPUT', `${which}: ${template.message}.`);
    templates.push(template.template);
  }
  return ok({
    pools: pools.map((p) => ({ url: p.url.trim(), worker: p.worker.trim(), password: p.password })),
    templates,
  });
}

/** `stratum+tcp://` is optional on devices (field-notes.md): two urls that differ only by it are one. */
export const sameUrl = (a: string, b: string): boolean =>
  a.trim().replace(/^stratum\+tcp:\/\//i, '') === b.trim().replace(/^stratum\+tcp:\/\//i, '');

/** "pool 1 stratum+tcp://pool:3333 worker acct.{mac6}; pool 2 …": the activity log's line, no password, no login. */
export function describePools(pools: readonly PoolSpec[]): string {
  return pools.map((p, i) => `pool ${i + 1} ${withoutLogin(p.url)} worker ${p.worker}`).join('; ');
}
