/**
 * Going through the app's channels in an integration test, as the window does: a call checked against the
 * channel's output schema (as the transport's tests do for the wire), and simulated devices added to the
 * fleet and unlocked with one password kept for the site.
 */
import { expect } from 'vitest';
import type { Handlers } from '../../shared/ipc/contract';
import { contract } from '../../shared/ipc/contract';
import type { CoreServices } from '../../electron/core/services';
import type { SimDevice } from '../simulator';

export type ChannelCall = <C extends keyof Handlers>(
  channel: C,
  value: Parameters<Handlers[C]>[0],
) => ReturnType<Handlers[C]>;

/** Calls a channel of `handlers()` (read at each call: a test builds them in its `beforeAll`). */
export function channelCaller(handlers: () => Handlers): ChannelCall {
  return (async <C extends keyof Handlers>(channel: C, value: Parameters<Handlers[C]>[0]) => {
    const result = await (handlers()[channel] as (i: unknown) => ReturnType<Handlers[C]>)(value);
    if (result.ok) expect(contract[channel].output.safeParse(result.value).success).toBe(true);
    return result;
  }) as ChannelCall;
}

/** Adds the devices to the app's fleet (none unlocked) and answers each one's device id. */
export async function addDevices(
  services: CoreServices,
  devices: readonly SimDevice[],
): Promise<Map<SimDevice, string>> {
  await services.fleet.add(devices.map((d) => ({ address: d.address })));
  const snapshot = await services.fleet.snapshot();
  const ids = new Map<SimDevice, string>();
  for (const d of devices) {
    ids.set(d, snapshot.devices.find((x) => x.address === `http://${d.host}:${d.port}`)!.deviceId);
  }
  return ids;
}

/**
 * Adds the devices to the app's fleet, unlocks them all with `password` kept as the site's, and answers
 * each one's device id.
 */
export async function addAndUnlock(
  services: CoreServices,
  call: ChannelCall,
  devices: readonly SimDevice[],
  password: string,
): Promise<Map<SimDevice, string>> {
  const ids = await addDevices(services, devices);
  const unlocked = await call('credentials:unlock', {
    deviceIds: devices.map((d) => ids.get(d)!),
    password,
    remember: true,
    scope: 'site',
  });
  expect(unlocked.ok && unlocked.value.outcomes.every((o) => o.ok)).toBe(true);
  return ids;
}
