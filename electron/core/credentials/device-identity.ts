/**
 * Which device a set of credentials belongs to. The MAC from the anonymous `GET /info` is the identity
 * across IP changes (field-notes.md), so credentials are stored under `mac:<MAC>`; a device that does not
 * tell its MAC (the spec profile, odd firmware) is known by its address, `addr:<host>:<port>`, and so is
 * a second live device that reports a MAC another one already has (identity-rule.ts).
 *
 * This module names the ids; identity-rule.ts decides which device gets which, and identity-resolver.ts
 * asks a device for its MAC when no inventory id is at hand.
 */
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { parseMac } from '../../../shared/domain/mac';
import { hostPort } from '../device/network-errors';

/** A device as its address answered for it. */
export interface ResolvedDevice {
  deviceId: string;
  /** Its MAC (`AA:BB:…`); null when it told none or could not be asked. */
  mac: string | null;
  /** Other addresses (canonical) answering with the same MAC, as far as this run has seen. */
  sameMacAs: string[];
}

export interface DeviceIdentityResolver {
  resolve(address: DeviceAddress, options?: { signal?: AbortSignal }): Promise<string>;
  /** The id with what it rests on: the MAC, and the other addresses answering with it. */
  identify(address: DeviceAddress, options?: { signal?: AbortSignal }): Promise<ResolvedDevice>;
}

export const addressDeviceId = (address: DeviceAddress): string => `addr:${hostPort(address)}`;

/**
 * `aa-bb-cc-dd-ee-ff`, `AABBCCDDEEFF` → `mac:AA:BB:CC:DD:EE:FF`; `undefined` for anything that is not a
 * device's MAC (shared/domain/mac.ts: placeholders and text are never an identity).
 */
export function macDeviceId(mac: unknown): string | undefined {
  const parsed = typeof mac === 'string' ? parseMac(mac) : undefined;
  return parsed === undefined ? undefined : `mac:${parsed}`;
}

/** `system.network_status.mac` of an `/info` body, as sent. */
export function macFromInfo(info: unknown): unknown {
  const at = (value: unknown, key: string): unknown =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)[key]
      : undefined;
  return at(at(at(info, 'system'), 'network_status'), 'mac');
}
