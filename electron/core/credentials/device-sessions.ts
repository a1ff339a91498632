/**
 * What this process remembers of each device's session — its token, the password the user gave, the
 * password it last accepted, why it needs a password — in memory only, and how the callers of one device
 * share the one unlock in flight while each can still leave on its own signal.
 */
import { listenForAbort } from '../device/abort-fanout';
import { cancelledRequest, DeviceError } from '../device/device-error';
import { hostPort } from '../device/network-errors';
import { message } from '../../../shared/i18n/message';
import type { MessageRef, MessageValue } from '../../../shared/i18n/message';
import type { SessionTarget } from './session-target';

export interface DeviceSession {
  token?: string;
  /** A password change in flight: automatic unlocks wait for its outcome. */
  changing?: Promise<unknown>;
  /** The one unlock in flight for this device, shared by every caller. */
  unlocking?: Promise<string>;
  /** The last password the user gave and the device accepted, for re-unlocks this session. */
  sessionPassword?: string;
  /** The password the device accepted at its last unlock (any source): the evidence of what it has. */
  accepted?: string;
  needsPassword?: string;
  /** `needsPassword` as a catalog key and values, for the window (issue 35). */
  needsPasswordText?: MessageRef;
  /** The stored API key the device refused this session; the password path is used instead. */
  refusedKey?: string;
  /**
   * The device refused a read the vendor lists as anonymous: its reads carry a credential from now on
   * (guarded-reads.ts). Kept across password changes: it is the firmware's way, not the session's.
   */
  guardsReads?: boolean;
}

export interface DeviceSessions {
  /** The device's session, begun empty on first use. */
  of(deviceId: string): DeviceSession;
  /** The device's session if it has one; begins none. */
  peek(deviceId: string): DeviceSession | undefined;
  /** Forgets every token and session password. */
  clear(): void;
}

export function createDeviceSessions(): DeviceSessions {
  const sessions = new Map<string, DeviceSession>();
  return {
    of(deviceId) {
      const found = sessions.get(deviceId);
      if (found !== undefined) return found;
      const created: DeviceSession = {};
      sessions.set(deviceId, created);
      return created;
    },
    peek: (deviceId) => sessions.get(deviceId),
    clear: () => sessions.clear(),
  };
}

/** The device now needs a password for `reason`: said in its session, and the error that says it. */
export function needsPassword(
  sessions: DeviceSessions,
  target: SessionTarget,
  reason: string,
  reasonText: MessageRef,
): DeviceError {
  const s = sessions.of(target.deviceId);
  s.needsPassword = reason;
  s.needsPasswordText = reasonText;
  return needsPasswordError(target, reason, reasonText);
}

/** The error a device that needs its password for `reason` answers with (the window's words beside). */
export function needsPasswordError(
  target: SessionTarget,
  reason: string,
  reasonText: MessageValue,
): DeviceError {
  const where = hostPort(target.address);
  return new DeviceError(
    'AUTH_REQUIRED',
    `${where}: needs its password: ${reason}. Give the device password to unlock it.`,
    {},
    { text: message('errors.credentials.needsPassword', { where, reason: reasonText }) },
  );
}

/** Rejects with CANCELLED when `signal` aborts first, so a caller sharing an unlock can still leave. */
export function untilAborted<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
  where: string,
): Promise<T> {
  if (signal === undefined) return promise;
  const cancelled = () => cancelledRequest(where);
  if (signal.aborted) return Promise.reject(cancelled());
  return new Promise<T>((resolve, reject) => {
    // One listener on a signal shared by a fleet's unlocks (abort-fanout.ts).
    const leave = listenForAbort(signal, () => reject(cancelled()));
    promise.then(resolve, reject).finally(leave);
  });
}

/**
 * The shared unlock: every concurrent caller for the device awaits the same promise (`start` runs once).
 * A caller leaving (its signal aborts) does not end it: once sent, the unlock runs to the device's verdict
 * (session-unlock.ts), so the next caller joins it instead of sending the password again. `start` ends
 * CANCELLED only when its caller left before anything was sent (or the client closed): a waiter that did
 * not cancel then starts (or joins) the next unlock rather than take another caller's cancel for its own —
 * a firmware verification waiting on an unlock the monitor's poll started and dropped took it for the
 * rollout's cancel ("cancelled while it updates").
 */
export function shareUnlock(
  session: DeviceSession,
  start: () => Promise<string>,
  signal: AbortSignal | undefined,
  where: string,
): Promise<string> {
  let shared = session.unlocking;
  const mine = shared === undefined;
  if (shared === undefined) {
    const unlocking = start().finally(() => {
      if (session.unlocking === unlocking) session.unlocking = undefined;
    });
    session.unlocking = shared = unlocking;
    // Waiters that leave early must not turn this into an unhandled rejection.
    unlocking.catch(() => undefined);
  }
  const waited = untilAborted(shared, signal, where);
  // This caller's own unlock (its own signal in it): its outcome is this caller's, CANCELLED included.
  if (mine) return waited;
  return waited.catch((error: unknown) => {
    if (error instanceof DeviceError && error.code === 'CANCELLED' && signal?.aborted !== true) {
      return shareUnlock(session, start, signal, where);
    }
    throw error;
  });
}
