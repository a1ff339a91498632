/**
 * What a device says of settings it stores but does not use yet: `/status` carries `restart_required`
 * and `reboot_required` (the vendor's `StatusPane` includes `SaveConfigResult`), true from a pools or
 * preset write until the mining restart (or reboot) that brings them into force. A `commission` stopped
 * between its settings writes and its restarts, or a `pools set` / `profile set` without a restart,
 * leaves devices so: drift says "restart pending", Commission plans the restart.
 *
 * Read with the device's credential (the vendor document guards `/status`; real devices answer without,
 * but `unlocked` then says nothing of ours), once per device, never counted as a miss when it fails: a
 * status that cannot be read leaves the fact out.
 */
import type { PoolTarget } from '../commission/pool-plan';
import type { SessionManager } from '../credentials/session-manager';
import { runBulk } from '../credentials/bulk';
import type { DeviceClient } from '../device/client';
import type { DeviceFacts } from './drift';

export type ApplyPending = NonNullable<DeviceFacts['applyPending']>;

export interface ApplyPendingDeps {
  client: Pick<DeviceClient, 'getStatus'>;
  sessions: Pick<SessionManager, 'withCredential'>;
}

/** The flags of a `/status` body; undefined when it is not an object. A flag left out is false. */
export function applyPendingIn(body: unknown): ApplyPending | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const flag = (key: string): boolean =>
    Object.hasOwn(body, key) && (body as Record<string, unknown>)[key] === true;
  return { restart: flag('restart_required'), reboot: flag('reboot_required') };
}

/** Each target's flags, by device id; a device whose status could not be read is left out. */
export async function readApplyPending(
  deps: ApplyPendingDeps,
  targets: readonly PoolTarget[],
  bulk: { signal?: AbortSignal; concurrency?: number },
): Promise<Map<string, ApplyPending>> {
  const outcomes = await runBulk(
    targets,
    async (target, signal) => {
      const call = signal === undefined ? {} : { signal };
      const body = await deps.sessions.withCredential(
        target,
        (credential) => deps.client.getStatus(target.address, credential, call),
        call,
      );
      return applyPendingIn(body);
    },
    bulk,
  );
  const out = new Map<string, ApplyPending>();
  for (const o of outcomes) if (o.ok && o.value !== undefined) out.set(o.item.deviceId, o.value);
  return out;
}
