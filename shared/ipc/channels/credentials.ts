/**
 * Credential channels. Passwords travel renderer → main only, inside one request, and are never echoed
 * (validation messages name the field, not the value). API keys never travel to the renderer at all:
 * `credentials:copy-key` has main put the key on the clipboard and answers only that it did.
 */
import { z } from 'zod';
import { messageRefSchema } from '../../i18n/message-schema';
import { appErrorSchema } from '../errors';

const deviceIds = z.array(z.string().min(1).max(128)).min(1).max(20_000);
const password = z.string().min(1).max(256);

export const keychainInfoSchema = z.object({
  state: z.enum(['available', 'locked', 'unavailable']),
  /** The system's reason when not available. */
  reason: z.string().optional(),
  /** `reason` for the window's language (issue 35), when Minerdeck made its words (not the system's). */
  reasonText: messageRefSchema.optional(),
  /** What the technician can do about it, in plain words. */
  advice: z.string(),
  /** `advice` for the window's language (issue 35). */
  adviceText: messageRefSchema.optional(),
  /** False in session-only mode: secrets are forgotten when the app quits. */
  persistent: z.boolean(),
});
export type KeychainInfo = z.infer<typeof keychainInfoSchema>;

/** One device's result in a bulk action; `message` is the plain sentence the table shows. */
export const deviceOutcomeSchema = z.object({
  deviceId: z.string(),
  address: z.string(),
  ok: z.boolean(),
  message: z.string(),
  error: appErrorSchema.optional(),
});
export type DeviceOutcome = z.infer<typeof deviceOutcomeSchema>;

const outcomes = z.object({ outcomes: z.array(deviceOutcomeSchema) });

export const credentialsChannels = {
  'credentials:keychain': { input: z.void(), output: keychainInfoSchema },
  /**
   * Tries one password once on each device (never retried). `remember` stores it for the devices that
   * accepted it: once as the site's password (`scope: 'site'`) or as each device's own.
   */
  'credentials:unlock': {
    input: z.object({
      deviceIds,
      password,
      remember: z.boolean(),
      scope: z.enum(['site', 'device']),
    }),
    output: outcomes,
  },
  /** A verified API key per device, stored in the keychain; `password` is tried first when given. */
  'credentials:provision': {
    input: z.object({ deviceIds, password: password.optional() }),
    output: outcomes,
  },
  /** Forgets what is stored locally (the device keeps its key: see revoke). */
  'credentials:forget': {
    input: z.object({ deviceIds, what: z.enum(['password', 'api-key', 'all']) }),
    output: outcomes,
  },
  /** Deletes the key on the device where it can, and forgets it locally either way. */
  'credentials:revoke': {
    input: z.object({ deviceId: z.string().min(1).max(128) }),
    output: z.object({ onDevice: z.enum(['deleted', 'not-supported', 'failed']), message: z.string() }),
  },
  /** Main puts the stored key on the clipboard; the key itself is never in the answer. */
  'credentials:copy-key': {
    input: z.object({ deviceId: z.string().min(1).max(128) }),
    output: z.object({ message: z.string() }),
  },
} as const;
