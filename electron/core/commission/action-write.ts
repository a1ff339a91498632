/**
 * One device action's write and its read-back (docs/design.md, Commissioning actions 2 and 3): the POST goes
 * out once with the best credential (`callOnce`: never retried, never resent); a refusal means nothing
 * was applied; no clear answer means it may have been — the caller reads the device back to decide.
 */
import { message } from '../../../shared/i18n/message';
import type { DeviceCredential } from '../../../shared/domain/credential';
import type { SessionManager } from '../credentials/session-manager';
import type { SessionTarget } from '../credentials/session-target';
import type { CallOptions, DeviceClient } from '../device/client';
import { DeviceError, isDeviceError } from '../device/device-error';
import { asObject, own } from '../device/json-fields';
import { hostPort } from '../device/network-errors';
import { isRefusal } from './password-change';

export interface ActionDeps {
  client: DeviceClient;
  sessions: SessionManager;
}

/** The write's answer, or why there was no clear one (it may have been applied). */
export type SentOnce = { answered: true; body: unknown } | { answered: false; why: string };

export const trimDot = (text: string): string => text.trim().replace(/\.$/, '');

const messageOf = (error: unknown): string =>
  isDeviceError(error) ? trimDot(error.message) : error instanceof Error ? error.message : String(error);

export const callOf = (signal: AbortSignal | undefined): CallOptions =>
  signal === undefined ? {} : { signal };

/**
 * Sends `write` once. Throws when nothing was applied: the device refused it, or it never left this
 * laptop (no credential, an unlock that failed before it). Otherwise answers what came back, if anything.
 */
export async function sendOnce(
  deps: ActionDeps,
  target: SessionTarget,
  write: (credential: DeviceCredential) => Promise<unknown>,
  signal: AbortSignal | undefined,
): Promise<SentOnce> {
  let sent = false;
  try {
    const body = await deps.sessions.callOnce(
      target,
      (credential) => {
        sent = true;
        return write(credential);
      },
      callOf(signal),
    );
    return { answered: true, body };
  } catch (error) {
    if (!sent || isRefusal(error) || !isDeviceError(error) || error.code === 'INTERNAL') throw error;
    return { answered: false, why: messageOf(error) };
  }
}

/** The device's `/status` body as an object, read with the session's credential (a read may unlock). */
export async function readStatusObject(
  deps: ActionDeps,
  target: SessionTarget,
  signal: AbortSignal | undefined,
): Promise<Record<string, unknown>> {
  const body = await deps.sessions.withCredential(
    target,
    (credential) => deps.client.getStatus(target.address, credential, callOf(signal)),
    callOf(signal),
  );
  const object = asObject(body);
  if (object === undefined) {
    throw new DeviceError(
      'BAD_RESPONSE',
      `${hostPort(target.address)}: its status is not a JSON object.`,
      {},
      { text: message('errors.device.statusNotObject', { where: hostPort(target.address) }) },
    );
  }
  return object;
}

/** A read-back's outcome: the value, or why it could not be read. */
export type ReadBack<T> = { ok: true; value: T } | { ok: false; why: string; error: unknown };

export async function readBack<T>(read: () => Promise<T>): Promise<ReadBack<T>> {
  try {
    return { ok: true, value: await read() };
  } catch (error) {
    return { ok: false, why: messageOf(error), error };
  }
}

/** `miner_state` of a status body, when it has one. */
export function minerStateIn(status: Record<string, unknown>): string | undefined {
  const state = own(status, 'miner_state');
  return typeof state === 'string' ? state : undefined;
}

/**
 * `restart_required` of a settings write's answer; undefined when the answer did not say. Firmware answers
 * it even when nothing was applied: it says whether a restart is needed, never whether the write took.
 */
export function restartRequiredIn(body: unknown): boolean | undefined {
  const object = asObject(body);
  const value = object === undefined ? undefined : own(object, 'restart_required');
  return typeof value === 'boolean' ? value : undefined;
}

/** `/status.restart_required`, for a write whose own answer was lost; undefined when unreadable. */
export async function restartRequiredNow(
  deps: ActionDeps,
  target: SessionTarget,
  signal: AbortSignal | undefined,
): Promise<boolean | undefined> {
  const status = await readBack(() => readStatusObject(deps, target, signal));
  return status.ok ? (restartRequiredIn(status.value) ?? false) : undefined;
}
