/**
 * One poll of one device: `GET /status` with the credential the session manager chooses (API key first,
 * else a token, unlocking with the stored password when needed — never chosen here), then `GET /summary`
 * with the same credential where the device has it, and the anonymous `GET /info` once in a while (the
 * hash-rate unit and the identity rarely change).
 *
 * Status and summary go one after the other, not in parallel: the second reuses the first one's
 * keep-alive connection, so a poll costs one TCP connection instead of two — at 2,000 devices that is
 * most of the monitor's CPU (benchmark), for a few milliseconds more per poll on a LAN.
 *
 * Capabilities are detected, not assumed: a device whose `/summary` answers 404 is not asked again for
 * `recheckMs` (firmware can be updated on site). A field device answers `/status` with `unlocked: false`
 * when it did not accept the credential; that is turned into the same "session ended" signal as a 401,
 * so the session manager unlocks once more, exactly as it does for a 401.
 */
import type { DeviceCredential } from '../../../shared/domain/credential';
import type { DeviceAddress } from '../../../shared/domain/device-address';
import type { SessionManager } from '../credentials/session-manager';
import type { DeviceClient } from '../device/client';
import { DeviceError, isDeviceError } from '../device/device-error';
import { hostPort } from '../device/network-errors';

export interface MonitorTarget {
  /** Identity for credentials (see credentials/device-identity.ts). */
  deviceId: string;
  address: DeviceAddress;
  siteId?: string;
}

/** What the monitor has learnt about a device's optional endpoints. */
export interface Capabilities {
  summary: 'unknown' | 'present' | 'absent';
  /** When an absent `/summary` is asked again. */
  summaryRecheckAt: number;
  /** The last `/info` body, kept between polls. */
  info?: unknown;
  /** When `/info` is read next (0: at the next poll). */
  infoReadAt: number;
}

export const newCapabilities = (): Capabilities => ({
  summary: 'unknown',
  summaryRecheckAt: 0,
  infoReadAt: 0,
});

export type PollResult =
  | {
      ok: true;
      status: unknown;
      summary?: unknown;
      info?: unknown;
      credential: DeviceCredential['kind'];
      /** Optional reads that failed this time ("summary: timed out"), shown as reading warnings. */
      notes: string[];
    }
  | { ok: false; error: DeviceError };

export interface DevicePollerOptions {
  client: DeviceClient;
  sessions: SessionManager;
  /** Total time allowed to each request of a poll; below the interval. */
  timeoutMs: number;
  /** How long an absent `/summary` and a read `/info` are trusted. */
  recheckMs: number;
  now?: () => number;
}

export type DevicePoller = (
  target: MonitorTarget,
  capabilities: Capabilities,
  signal: AbortSignal,
) => Promise<PollResult>;

/** Endpoints a firmware simply does not have. */
const ABSENT_STATUSES = new Set([404, 405, 501]);

const isAbsent = (error: unknown): boolean =>
  isDeviceError(error) && error.code === 'HTTP_ERROR' && ABSENT_STATUSES.has(error.detail.status ?? 0);

const shortText = (error: unknown): string =>
  isDeviceError(error) ? error.code.toLowerCase().replace(/_/g, ' ') : 'failed';

function saysNotUnlocked(status: unknown): boolean {
  return (
    typeof status === 'object' &&
    status !== null &&
    !Array.isArray(status) &&
    (status as Record<string, unknown>).unlocked === false
  );
}

export function createDevicePoller(options: DevicePollerOptions): DevicePoller {
  const { client, sessions, timeoutMs, recheckMs } = options;
  const now = options.now ?? Date.now;

  async function readInfo(
    target: MonitorTarget,
    caps: Capabilities,
    signal: AbortSignal,
    notes: string[],
  ): Promise<void> {
    if (now() < caps.infoReadAt) return;
    try {
      caps.info = await client.getInfo(target.address, { signal, totalTimeoutMs: timeoutMs });
      caps.infoReadAt = now() + recheckMs;
    } catch (error) {
      // No /info at all: stop asking for a while. Any other failure: ask again at the next poll.
      if (isAbsent(error)) caps.infoReadAt = now() + recheckMs;
      else notes.push(`info: ${shortText(error)}`);
    }
  }

  return async (target, caps, signal) => {
    const call = { signal, totalTimeoutMs: timeoutMs };
    const notes: string[] = [];
    const info = readInfo(target, caps, signal, notes);
    try {
      let used: DeviceCredential['kind'] = 'apiKey';
      const read = await sessions.withCredential(
        target,
        async (credential) => {
          used = credential.kind;
          const status = await client.getStatus(target.address, credential, call);
          if (saysNotUnlocked(status)) {
            throw new DeviceError(
              'AUTH_REQUIRED',
              `${hostPort(target.address)}: the device did not accept the credentials (unlocked: false).`,
            );
          }
          if (caps.summary === 'absent' && now() < caps.summaryRecheckAt)
            return { status, summary: undefined };
          try {
            const summary = await client.getSummary(target.address, credential, call);
            caps.summary = 'present';
            return { status, summary };
          } catch (error) {
            if (isDeviceError(error) && error.code === 'CANCELLED') throw error;
            if (isAbsent(error)) {
              caps.summary = 'absent';
              caps.summaryRecheckAt = now() + recheckMs;
            } else notes.push(`summary: ${shortText(error)}`);
            return { status, summary: undefined };
          }
        },
        { signal },
      );
      await info;
      return { ok: true, ...read, info: caps.info, credential: used, notes };
    } catch (error) {
      await info;
      const failure = isDeviceError(error)
        ? error
        : new DeviceError('INTERNAL', 'The poll failed unexpectedly.', {}, { cause: error });
      return { ok: false, error: failure };
    }
  };
}
