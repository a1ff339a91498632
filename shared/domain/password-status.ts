/**
 * What is known about a device's password, for the hand-over report's "Password" column, `minerdeck
 * status` and the fleet's "factory password" flag. Worked out from the keychain's
 * metadata (and a password given this session) by electron/core/credentials/password-status.ts; never a
 * secret. Zod-free, so the renderer can use the word list at run time.
 *
 * - `factory-default`: the working password is the vendor default `admin` — an open door on the LAN;
 * - `changed-here`: this laptop changed it (`changedAt`) and the device confirmed it;
 * - `set-elsewhere`: a password that is not the default, not set by this laptop;
 * - `unknown`: nothing usable is known (none stored, the stored one was refused, the keychain could not be
 *   read), or a change by this laptop is not confirmed yet (`pendingSince`).
 */
export const PASSWORD_STATUSES = ['factory-default', 'changed-here', 'set-elsewhere', 'unknown'] as const;
export type PasswordStatusKind = (typeof PASSWORD_STATUSES)[number];

export interface PasswordStatus {
  status: PasswordStatusKind;
  /** `changed-here`: when this laptop changed it. */
  changedAt?: string;
  /** `unknown` after a change this laptop started and did not see confirmed: when it started. */
  pendingSince?: string;
  /** `unknown`: why, in words ("no password is stored", "the stored password was refused"). */
  why?: string;
}
