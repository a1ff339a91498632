/**
 * What a credential call names — the device, by the identity its credentials are stored under, at its
 * current address — and how it wants its credential chosen. Below the session manager and the modules it is
 * made of, so each of them can name these without naming the manager.
 */
import type { DeviceAddress } from '../../../shared/domain/device-address';

export interface SessionTarget {
  /** Identity for credentials (see device-identity.ts). */
  deviceId: string;
  address: DeviceAddress;
  /** The site whose password applies when the device has none of its own; looked up when absent. */
  siteId?: string;
}

export interface CredentialCallOptions {
  signal?: AbortSignal;
  /** Skip the API key: for calls that must run in a password session (creating a key). */
  tokenOnly?: boolean;
  /**
   * A stored API key is the only credential tried, even one the device refused before this session; a
   * session token only when no key is stored. For reads the vendor API takes only with an API key
   * (`GET /settings`): a token there may be refused, and a refusal of a token reads as an ended session —
   * an unlock again, then "needs its password" for a password that is right.
   */
  keyWhenStored?: boolean;
}
