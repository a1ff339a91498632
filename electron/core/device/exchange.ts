/**
 * One call of the device client as its endpoint functions describe it (client.ts `send`): method, path,
 * credential, body and what a 2xx answer means. Its own module so the endpoint groups beside client.ts
 * (notes-client.ts) describe their calls the same way without importing the client.
 */
import type { DeviceCredential } from '../../../shared/domain/credential';
import type { TransportResponse } from './http-exchange';
import type { AddressInput } from './request-input';
import type { CallOptions } from './transport';

export interface Exchange<T> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Under `/api/v1`, already encoded (a note's key goes through encodeURIComponent). */
  path: string;
  /** `null` for anonymous calls; a protected call given `undefined` is refused as INVALID_INPUT. */
  credential: DeviceCredential | null;
  /** Serialized as JSON with `Content-Type: application/json`. */
  body?: unknown;
  /** Secrets in play beyond the credential (the password), scrubbed from device text. */
  secrets?: readonly string[];
  isUnlock?: boolean;
  /** The meaning of a 2xx answer. */
  onSuccess: (response: TransportResponse, where: string) => T;
}

/** Sends one exchange through the client's transport; throws DeviceError and nothing else. */
export type Send = <T>(address: AddressInput, spec: Exchange<T>, call: CallOptions | undefined) => Promise<T>;
