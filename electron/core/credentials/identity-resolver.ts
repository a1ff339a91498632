/**
 * The device id of an address, asked of the device (its MAC from the anonymous `GET /info`) for the
 * commands that have no inventory id at hand (the CLI's `unlock`, `key`, `status`, `monitor`). One
 * resolver serves one run (a CLI command builds its own), and remembers what answered during it, so the
 * identity rule (identity-rule.ts) holds across the run's devices:
 *
 * - two addresses that answer with one MAC never get one id, so their credentials cannot overwrite each
 *   other: the MAC id stays with the device it was given to (in this run, else the one whose credentials
 *   are stored under it, at the address they were stored with), the other is known by its address;
 * - a stored device whose MAC now answers elsewhere has moved only when its stored address is silent:
 *   that address is asked (one anonymous `GET /info`), and while it answers, the new one is another device.
 *
 * A device that cannot be reached right now is looked up by the address its credentials were stored with,
 * so `key copy` and `key revoke` still work while it is offline; so is one whose firmware refuses `/info`
 * without a credential (it guards its reads: the credential is what is being looked for).
 */
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { formatDeviceAddress, parseDeviceAddress } from '../../../shared/domain/device-address';
import type { DeviceClient } from '../device/client';
import { isDeviceError } from '../device/device-error';
import type { DeviceIdentityResolver, ResolvedDevice } from './device-identity';
import { addressDeviceId, macDeviceId, macFromInfo } from './device-identity';
import { refusedAnonymousRead } from './guarded-reads';
import type { KnownDevice } from './identity-rule';
import { judgeSightings } from './identity-rule';
import type { CredentialVault } from './vault';

/** Network failures: the device may still be known under its MAC from an earlier visit. */
const OFFLINE_CODES = new Set(['UNREACHABLE', 'TIMEOUT', 'TLS_UNTRUSTED', 'TLS_CHANGED']);

export interface IdentityResolverOptions {
  client: DeviceClient;
  vault: CredentialVault;
  /** A bound for the `/info` read; default: the client's own timeouts (the CLI's --timeout applies). */
  infoTimeoutMs?: number;
}

type Call = { signal?: AbortSignal };

/** `mac:AA:…` → `AA:…`; null for an address id or none. */
const macOfId = (id: string | null | undefined): string | null =>
  id?.startsWith('mac:') === true ? id.slice('mac:'.length) : null;

export function createIdentityResolver(options: IdentityResolverOptions): DeviceIdentityResolver {
  const { client, vault } = options;
  const bound = options.infoTimeoutMs === undefined ? {} : { totalTimeoutMs: options.infoTimeoutMs };
  /** MAC id per address that answered in this run (null: answered without a MAC). */
  const answered = new Map<string, string | null>();
  /** Ids given in this run, with their addresses: they are known devices for the rest of the run. */
  const given = new Map<string, string>();
  let stored: Promise<KnownDevice[]> | undefined;

  /** The devices with credentials stored at a known address (read once per run). */
  const storedDevices = (): Promise<KnownDevice[]> => {
    stored ??= vault.list().then(
      (listing) =>
        listing.devices.flatMap((d) =>
          d.address === undefined
            ? []
            : [{ deviceId: d.deviceId, address: d.address, mac: macOfId(d.deviceId) }],
        ),
      () => [],
    );
    return stored;
  };

  /** The MAC id an address answers with now; null for none; undefined when it could not be asked. */
  async function macAt(address: string, call: Call): Promise<string | null | undefined> {
    if (answered.has(address)) return answered.get(address);
    const parsed = parseDeviceAddress(address);
    if (!parsed.ok) return null;
    try {
      const mac =
        macDeviceId(macFromInfo(await client.getInfo(parsed.value, undefined, { ...call, ...bound }))) ??
        null;
      answered.set(address, mac);
      return mac;
    } catch (error) {
      if (isDeviceError(error) && error.code === 'CANCELLED') return undefined;
      return null;
    }
  }

  async function identify(address: DeviceAddress, call: Call = {}): Promise<ResolvedDevice> {
    const text = formatDeviceAddress(address);
    let info: unknown;
    try {
      info = await client.getInfo(address, undefined, { ...call, ...bound });
    } catch (error) {
      if (isDeviceError(error) && error.code === 'CANCELLED') throw error;
      // Offline, or firmware that guards `/info` (its MAC is not told without a credential): the device is
      // known by the address its credentials were stored with.
      const offline = isDeviceError(error) && OFFLINE_CODES.has(error.code);
      const storedId =
        offline || refusedAnonymousRead(error) ? await vault.findDeviceByAddress(text) : undefined;
      // An id this run gave to another address (the device answered there) is not this one's.
      const taken = storedId !== undefined && given.has(storedId) && given.get(storedId) !== text;
      const deviceId = storedId !== undefined && !taken ? storedId : addressDeviceId(address);
      given.set(deviceId, text);
      return { deviceId, mac: null, sameMacAs: [] };
    }
    const macId = macDeviceId(macFromInfo(info));
    answered.set(text, macId ?? null);
    if (macId === undefined) return { deviceId: addressDeviceId(address), mac: null, sameMacAs: [] };

    const known = await storedDevices();
    // An id given earlier in this run stays where it was given for the whole run.
    const storedAt = known.find((device) => device.deviceId === macId)?.address;
    const holder = given.has(macId) ? undefined : storedAt;
    const silent = new Set<string>();
    if (holder !== undefined && holder !== text) {
      const there = await macAt(holder, call);
      if (there !== macId && there !== undefined) silent.add(holder);
    }
    // No await from here on: the verdict and the claim happen together, so two addresses identified at
    // once cannot both take the MAC id.
    const sightings = [...answered]
      .filter(([, mac]) => mac === macId)
      .map(([where]) => ({ address: where, mac: macOfId(macId) }));
    const thisRun = [...given].map(([deviceId, where]) => ({
      deviceId,
      address: where,
      mac: macOfId(answered.get(where)),
    }));
    const byId = new Map([...known, ...thisRun].map((device) => [device.deviceId, device]));
    const verdict = judgeSightings(sightings, [...byId.values()], silent).get(text);
    const deviceId = verdict?.deviceId ?? addressDeviceId(address);
    given.set(deviceId, text);
    return { deviceId, mac: macOfId(macId), sameMacAs: verdict?.sameMacAs ?? [] };
  }

  return {
    identify,
    resolve: async (address, call = {}) => (await identify(address, call)).deviceId,
  };
}
