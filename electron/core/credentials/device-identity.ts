/**
 * Which device a set of credentials belongs to. The MAC from the anonymous `GET /info` is the identity
 * across IP changes (field-notes.md), so credentials are stored under `mac:<MAC>`; a device that does not
 * tell its MAC (the spec profile, odd firmware) is known by its address, `addr:<host>:<port>`.
 *
 * This is the one module that decides it, so the inventory (issue 7), which will know every device's id,
 * can replace it. A device that cannot be reached right now is looked up by the address its credentials
 * were stored with, so `key copy` and `key revoke` still work while it is offline.
 */
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import type { DeviceClient } from '../device/client';
import { isDeviceError } from '../device/device-error';
import { hostPort } from '../device/network-errors';
import type { CredentialVault } from './vault';

export interface DeviceIdentityResolver {
  resolve(address: DeviceAddress, options?: { signal?: AbortSignal }): Promise<string>;
}

/** Network failures: the device may still be known under its MAC from an earlier visit. */
const OFFLINE_CODES = new Set(['UNREACHABLE', 'TIMEOUT', 'TLS_UNTRUSTED', 'TLS_CHANGED']);
const MAC = /^[0-9A-F]{2}([:-]?)[0-9A-F]{2}(\1[0-9A-F]{2}){4}$/;

export const addressDeviceId = (address: DeviceAddress): string => `addr:${hostPort(address)}`;

/** `aa-bb-cc-dd-ee-ff`, `AABBCCDDEEFF` → `mac:AA:BB:CC:DD:EE:FF`; `undefined` for anything else. */
export function macDeviceId(mac: unknown): string | undefined {
  if (typeof mac !== 'string') return undefined;
  const upper = mac.trim().toUpperCase();
  if (!MAC.test(upper)) return undefined;
  const hex = upper.replace(/[:-]/g, '');
  if (/^0+$/.test(hex) || /^F+$/.test(hex)) return undefined;
  return `mac:${(hex.match(/../g) ?? []).join(':')}`;
}

function macFromInfo(info: unknown): unknown {
  const at = (value: unknown, key: string): unknown =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)[key]
      : undefined;
  return at(at(at(info, 'system'), 'network_status'), 'mac');
}

export interface IdentityResolverOptions {
  client: DeviceClient;
  vault: CredentialVault;
  /** A bound for the `/info` read; default: the client's own timeouts (the CLI's --timeout applies). */
  infoTimeoutMs?: number;
}

export function createIdentityResolver(options: IdentityResolverOptions): DeviceIdentityResolver {
  const { client, vault } = options;
  const bound = options.infoTimeoutMs === undefined ? {} : { totalTimeoutMs: options.infoTimeoutMs };
  return {
    async resolve(address, call = {}) {
      try {
        const info = await client.getInfo(address, { ...call, ...bound });
        return macDeviceId(macFromInfo(info)) ?? addressDeviceId(address);
      } catch (error) {
        if (isDeviceError(error) && error.code === 'CANCELLED') throw error;
        if (isDeviceError(error) && OFFLINE_CODES.has(error.code)) {
          return (await vault.findDeviceByAddress(formatDeviceAddress(address))) ?? addressDeviceId(address);
        }
        return addressDeviceId(address);
      }
    },
  };
}
