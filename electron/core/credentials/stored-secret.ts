/**
 * A secret as the vault hands it out — the secret and its metadata, never the raw keychain entry — with
 * where a password came from, which is what a refusal is recorded against.
 */
import type { VaultEntry } from './vault-entry';

/** Where a password came from; a refusal is recorded against that source. */
export type PasswordSource = { kind: 'device' } | { kind: 'site'; siteId: string };

export interface StoredSecret {
  secret: string;
  storedAt: string;
  description?: string;
  address?: string;
}

export interface StoredPassword extends StoredSecret {
  source: PasswordSource;
  /** The device refused it before; it must not be sent again by itself. */
  rejected: boolean;
}

/** A new password not yet confirmed on the device (accounts.ts, `pending-password`). */
export interface PendingPassword {
  secret: string;
  /** When the change was started. */
  since: string;
  address?: string;
  /** The device refused it at a check: never sent again by itself. */
  rejected: boolean;
}

export const secretOf = (entry: VaultEntry | undefined): StoredSecret | undefined =>
  entry === undefined
    ? undefined
    : {
        secret: entry.secret,
        storedAt: entry.storedAt,
        ...(entry.description !== undefined ? { description: entry.description } : {}),
        ...(entry.address !== undefined ? { address: entry.address } : {}),
      };
