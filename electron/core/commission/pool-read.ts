/**
 * Reading a device's pools back (`GET /settings` → `miner.pools`) and comparing them with what was sent:
 * the only proof a pool write took (docs/design.md, Commissioning actions, 3). Also `pools show`. The device's
 * pool passwords stay here: a slot read back says only whether it has one.
 */
import type { DevicePools, PoolSlot } from '../../../shared/domain/pools';
import { POOL_SLOTS, sameUrl } from '../../../shared/domain/pools';
import { withoutLogin } from '../../../shared/domain/pool-url';
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import { message } from '../../../shared/i18n/message';
import type { DeviceClient, PoolSlotBody } from '../device/client';
import { DeviceError } from '../device/device-error';
import { asObject, own } from '../device/json-fields';
import { hostPort } from '../device/network-errors';
import { runBulk } from '../credentials/bulk';
import type { SessionManager } from '../credentials/session-manager';
import type { SessionTarget } from '../credentials/session-target';
import { errorCopy } from '../errors/cause-text';
import type { AppError } from '../../../shared/result';

/** The slots of a `GET /settings` body, as sent by the device; throws BAD_RESPONSE when there are none. */
export function poolsFromSettings(settings: unknown, where: string): PoolSlotBody[] {
  const root = asObject(settings);
  const miner = root === undefined ? undefined : asObject(own(root, 'miner'));
  const pools = miner === undefined ? undefined : own(miner, 'pools');
  if (!Array.isArray(pools)) {
    throw new DeviceError(
      'BAD_RESPONSE',
      `${where}: the device's settings have no miner.pools list.`,
      {},
      {
        text: message('errors.pools.noList', { where }),
      },
    );
  }
  const text = (slot: Record<string, unknown> | undefined, key: string): string => {
    const value = slot === undefined ? undefined : own(slot, key);
    return typeof value === 'string' ? value : '';
  };
  return pools.map((entry: unknown) => {
    const slot = asObject(entry);
    return { url: text(slot, 'url'), user: text(slot, 'user'), pass: text(slot, 'pass') };
  });
}

/** Slots as shown (`pools show`, a write's read-back): no password, no login a url carried (pool-url.ts). */
export const publicSlots = (slots: readonly PoolSlotBody[]): PoolSlot[] =>
  slots.map((s) => ({ url: withoutLogin(s.url), user: s.user, hasPassword: s.pass !== '' }));

/**
 * What differs between the slots sent and those read back, one phrase per difference (no password
 * value, ever); empty when they match. `stratum+tcp://` on one side only is not a difference.
 */
export function poolDifferences(sent: readonly PoolSlotBody[], read: readonly PoolSlotBody[]): string[] {
  const differences: string[] = [];
  if (read.length !== POOL_SLOTS) differences.push(`${read.length} slots instead of ${POOL_SLOTS}`);
  for (const [i, want] of sent.entries()) {
    const got = read[i] ?? { url: '', user: '', pass: '' };
    const slot = `slot ${i + 1}`;
    if (!sameUrl(want.url, got.url)) {
      differences.push(`${slot} url is "${withoutLogin(got.url)}", not "${withoutLogin(want.url)}"`);
    }
    if (want.user !== got.user) differences.push(`${slot} worker is "${got.user}", not "${want.user}"`);
    if (want.pass !== got.pass) differences.push(`${slot} password differs`);
  }
  return differences;
}

/**
 * One device's configured pools, read with its stored API key when it has one: the vendor API lists only
 * `x-api-key` for `GET /settings`, so a session token is used only for a device without a key.
 */
export async function readDevicePools(
  deps: { client: DeviceClient; sessions: SessionManager },
  target: SessionTarget,
  signal: AbortSignal | undefined,
): Promise<PoolSlotBody[]> {
  const call = signal === undefined ? {} : { signal };
  const settings = await deps.sessions.withCredential(
    target,
    (credential) => deps.client.getSettings(target.address, credential, call),
    { ...call, keyWhenStored: true },
  );
  return poolsFromSettings(settings, hostPort(target.address));
}

/** `pools show`: each device's pools (passwords left out), one outcome per device in input order. */
export async function readPools(
  deps: { client: DeviceClient; sessions: SessionManager },
  targets: readonly SessionTarget[],
  options: {
    signal?: AbortSignal;
    concurrency?: number;
    onResult?: (pools: DevicePools) => void;
  } = {},
): Promise<DevicePools[]> {
  const toPools = (
    outcome:
      | { item: SessionTarget; ok: true; value: PoolSlotBody[] }
      | { item: SessionTarget; ok: false; error: AppError },
  ): DevicePools => {
    const base = { address: formatDeviceAddress(outcome.item.address), deviceId: outcome.item.deviceId };
    return outcome.ok
      ? { ...base, slots: publicSlots(outcome.value) }
      : { ...base, error: errorCopy(outcome.error) };
  };
  const outcomes = await runBulk<SessionTarget, PoolSlotBody[]>(
    targets,
    (target, signal) => readDevicePools(deps, target, signal),
    {
      ...(options.signal !== undefined ? { signal: options.signal } : {}),
      ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
      onOutcome: (outcome) => options.onResult?.(toPools(outcome)),
    },
  );
  return outcomes.map(toPools);
}
