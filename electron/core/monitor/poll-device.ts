/**
 * One poll of one device: `GET /status` with the credential the session manager chooses (API key first,
 * else a token, unlocking with the stored password when needed — never chosen here), then `GET /summary`
 * with the same credential where the device has it, and the anonymous `GET /info` once in a while (the
 * hash-rate unit and the identity rarely change).
 *
 * Status, summary and (when due) info go one after the other, not in parallel: each reuses the first one's
 * keep-alive connection, so a poll costs one TCP connection instead of two — at 2,000 devices that is
 * most of the monitor's CPU (benchmark), for a few milliseconds more per poll on a LAN.
 *
 * `/summary` (the numbers: hash rate, temperatures, fans, pools — ten times the size of `/status`) is read
 * on every `summaryEveryPolls`-th poll, and at once whenever `/status` reports another miner state, so a
 * transition always comes with fresh numbers; in between, the last summary is shown. `/status` (state,
 * flags, and whether the credential still works) is read on every poll. `/info` goes by the session
 * manager's rule for anonymous reads (`sessions.read`): anonymous, unless the device guards its reads. At the default of 2 this is 1.5
 * requests a poll instead of 2: the HTTP exchange is most of the monitor's CPU (benchmark).
 *
 * Capabilities are detected, not assumed: a device whose `/summary` answers 404 is not asked again for
 * `recheckMs` (firmware can be updated on site). A field device answers `/status` with `unlocked: false`
 * when it did not accept the credential; that is turned into the same "session ended" signal as a 401
 * (credential-verdict.ts), so the session manager unlocks once more, exactly as it does for a 401.
 */
import { message } from '../../../shared/i18n/message';
import type { DeviceCredential } from '../../../shared/domain/credential';
import type { DeviceAddress } from '../../../shared/domain/device-address';
import type { Clock } from '../clock/clock';
import { REAL_CLOCK } from '../clock/clock';
import type { SessionManager } from '../credentials/session-manager';
import type { CallOptions, DeviceClient } from '../device/client';
import { assertCredentialAccepted } from '../device/credential-verdict';
import { DeviceError, isDeviceError } from '../device/device-error';
import { hostPort } from '../device/network-errors';

export interface MonitorTarget {
  /** Identity for credentials (see credentials/device-identity.ts). */
  deviceId: string;
  address: DeviceAddress;
  siteId?: string;
  /**
   * Other addresses answering with this device's MAC (a cloned or misconfigured board): raised as a
   * `duplicate-mac` alert.
   */
  sameMacAs?: readonly string[];
  /**
   * Its working password is the factory default (an open door on the LAN): raised as a `factory-password`
   * alert.
   */
  factoryPassword?: boolean;
}

/** What the monitor has learnt about a device's optional endpoints. */
export interface Capabilities {
  summary: 'unknown' | 'present' | 'absent';
  /** When an absent `/summary` is asked again. */
  summaryRecheckAt: number;
  /**
   * The last poll read a `/summary` that may stand for the next one (the monitor keeps what it said, not
   * the body); with the polls since.
   */
  summaryRead: boolean;
  pollsSinceSummary: number;
  /** `miner_state` at the last poll: a change means the summary is read again at once. */
  minerState?: string;
  /** When `/info` is read next (0: at the next poll). */
  infoReadAt: number;
}

export const newCapabilities = (): Capabilities => ({
  summary: 'unknown',
  summaryRecheckAt: 0,
  summaryRead: false,
  infoReadAt: 0,
  pollsSinceSummary: 0,
});

/**
 * A poll the device answered. `/summary` and `/info` come only when this poll read them, with their bytes
 * as the device sent them when the client handed them over (the monitor keeps those, off the JS heap).
 */
export interface Answered {
  ok: true;
  status: unknown;
  summary?: unknown;
  summaryBytes?: Buffer;
  /** No `/summary` read this time: the last one stands (read a poll ago, the device's state unchanged). */
  summaryReused: boolean;
  info?: unknown;
  infoBytes?: Buffer;
  credential: DeviceCredential['kind'];
  /** Optional reads that failed this time ("summary: timed out"), shown as reading warnings. */
  notes: string[];
}

export type PollResult = Answered | { ok: false; error: DeviceError };

export interface DevicePollerOptions {
  client: DeviceClient;
  sessions: SessionManager;
  /** Total time allowed to a whole poll (every request in it); below the interval. */
  timeoutMs: number;
  /** How long an absent `/summary` and a read `/info` are trusted. */
  recheckMs: number;
  /** Read `/summary` on every n-th poll (and on a state change). Default 2; 1 reads it every poll. */
  summaryEveryPolls?: number;
  now?: () => number;
  /** The monitor's clock (default the real one): `timeoutMs` is field ms on it, requests get real ms. */
  clock?: Clock;
}

/**
 * Polls one device. `controller` is the poll's own (the scheduler's): aborting it cancels the poll, and the
 * poll aborts it itself when its deadline passes.
 */
export type DevicePoller = (
  target: MonitorTarget,
  capabilities: Capabilities,
  controller: AbortController,
) => Promise<PollResult>;

/** The backstop fires this long after the deadline, so a request's own timeout normally speaks first. */
const BACKSTOP_SLACK_MS = 50;

/** Session outcomes the session manager may reach without contacting the device. */
const MAYBE_UNCONTACTED = new Set(['AUTH_REQUIRED', 'LOCKED_OUT']);
const NO_ANSWER = new Set(['UNREACHABLE', 'TIMEOUT']);
/**
 * Less time than this left in the poll: no probe (its timeout would say nothing about the device), and /info
 * waits for the next poll.
 */
const MIN_PROBE_MS = 20;

/** Endpoints a firmware simply does not have. */
const ABSENT_STATUSES = new Set([404, 405, 501]);

const isAbsent = (error: unknown): boolean =>
  isDeviceError(error) && error.code === 'HTTP_ERROR' && ABSENT_STATUSES.has(error.detail.status ?? 0);

const shortText = (error: unknown): string =>
  isDeviceError(error) ? error.code.toLowerCase().replace(/_/g, ' ') : 'failed';

function minerStateOf(status: unknown): string | undefined {
  if (typeof status !== 'object' || status === null || Array.isArray(status)) return undefined;
  const state = (status as Record<string, unknown>).miner_state;
  return typeof state === 'string' ? state : undefined;
}

export function createDevicePoller(options: DevicePollerOptions): DevicePoller {
  const { client, sessions, timeoutMs, recheckMs } = options;
  const summaryEvery = Math.max(1, Math.floor(options.summaryEveryPolls ?? 2));

  /**
   * Notes this poll's miner state, and answers whether the last summary may stand for this poll: read
   * fewer than `summaryEvery` polls ago, with the device's state unchanged since.
   */
  function mayReuseSummary(caps: Capabilities, status: unknown): boolean {
    const state = minerStateOf(status);
    const changed = state !== caps.minerState;
    caps.minerState = state;
    if (caps.summary !== 'present' || !caps.summaryRead || changed) return false;
    caps.pollsSinceSummary += 1;
    return caps.pollsSinceSummary < summaryEvery;
  }
  const clock = options.clock ?? REAL_CLOCK;
  const now = options.now ?? clock.now;

  /** Reads `/info` into this poll's answer. */
  async function readInfo(
    target: MonitorTarget,
    caps: Capabilities,
    call: () => CallOptions,
    answer: Answered,
  ): Promise<void> {
    const { signal } = call();
    try {
      // By the rule for anonymous reads: a device that guards them gets its credential (no refused try).
      answer.info = await sessions.read(
        target,
        (credential) =>
          client.getInfo(target.address, credential, {
            ...call(),
            onBody: (bytes) => (answer.infoBytes = bytes),
          }),
        signal !== undefined ? { signal } : {},
      );
      caps.infoReadAt = now() + recheckMs;
    } catch (error) {
      answer.infoBytes = undefined;
      // No /info at all: stop asking for a while. Any other failure: ask again at the next poll.
      if (isAbsent(error)) caps.infoReadAt = now() + recheckMs;
      else answer.notes.push(`info: ${shortText(error)}`);
    }
  }

  async function read(
    target: MonitorTarget,
    caps: Capabilities,
    signal: AbortSignal,
    call: () => CallOptions,
    notes: string[],
  ): Promise<Answered> {
    return sessions.withCredential(
      target,
      async (credential) => {
        const status = await client.getStatus(target.address, credential, call());
        assertCredentialAccepted(status, hostPort(target.address));
        const answer: Answered = {
          ok: true,
          status,
          summaryReused: false,
          credential: credential.kind,
          notes,
        };
        if (caps.summary === 'absent' && now() < caps.summaryRecheckAt) return answer;
        if (mayReuseSummary(caps, status)) {
          answer.summaryReused = true;
          return answer;
        }
        try {
          answer.summary = await client.getSummary(target.address, credential, {
            ...call(),
            onBody: (bytes) => (answer.summaryBytes = bytes),
          });
          caps.summary = 'present';
          caps.summaryRead = true;
          caps.pollsSinceSummary = 0;
        } catch (error) {
          if (isDeviceError(error) && error.code === 'CANCELLED') throw error;
          answer.summaryBytes = undefined;
          caps.summaryRead = false;
          if (isAbsent(error)) {
            caps.summary = 'absent';
            caps.summaryRecheckAt = now() + recheckMs;
          } else notes.push(`summary: ${shortText(error)}`);
        }
        return answer;
      },
      { signal },
    );
  }

  /**
   * "Needs a password" and "locked out" can be decided without a word to the device (nothing stored,
   * a lockout still running): one anonymous `GET /info` tells whether it is there at all, so a device
   * that is off shows as offline, not as waiting for a password. No credential, no POST.
   */
  async function unlessUnreachable(
    error: unknown,
    target: MonitorTarget,
    call: () => CallOptions,
  ): Promise<unknown> {
    if (!isDeviceError(error) || !MAYBE_UNCONTACTED.has(error.code)) return error;
    const options = call();
    if ((options.totalTimeoutMs ?? 0) < MIN_PROBE_MS) return error;
    try {
      // Anonymous on purpose: any answer (a guarded device's 401 too) says the device is there.
      await client.getInfo(target.address, undefined, options);
      return error;
    } catch (probe) {
      return isDeviceError(probe) && NO_ANSWER.has(probe.code) ? probe : error;
    }
  }

  return async (target, caps, controller) => {
    // One deadline for the whole poll (an unlock, /status, /summary, /info): each request gets the time
    // left, and a backstop timer aborts whatever has no timeout of its own (the unlock, the keychain).
    const deadline = now() + timeoutMs;
    const signal = controller.signal;
    let late = false;
    const backstop = setTimeout(
      () => {
        late = !signal.aborted; // aborted already: the poll was cancelled, not late
        controller.abort();
      },
      clock.realMs(timeoutMs) + BACKSTOP_SLACK_MS,
    );
    const call = (): CallOptions => ({
      signal,
      totalTimeoutMs: Math.max(1, clock.realMs(deadline - now())),
    });
    const notes: string[] = [];
    try {
      const result = await read(target, caps, signal, call, notes);
      // /info when due (the first poll, then every `recheckMs`) after the reads, on their connection. Read
      // alongside them it opened a second connection to the device, closed again once idle: at 10,000
      // devices, 10,000 more connects in the first round and one every 60 ms after.
      if (now() >= caps.infoReadAt && deadline - now() >= MIN_PROBE_MS) {
        await readInfo(target, caps, call, result);
      }
      return result;
    } catch (caught) {
      const error = await unlessUnreachable(caught, target, call);
      if (late) {
        const where = hostPort(target.address);
        return {
          ok: false,
          error: new DeviceError(
            'TIMEOUT',
            `${where} did not answer within ${timeoutMs} ms.`,
            {},
            { text: message('errors.device.pollTimeout', { where, ms: timeoutMs }) },
          ),
        };
      }
      const failure = isDeviceError(error)
        ? error
        : new DeviceError('INTERNAL', 'The poll failed unexpectedly.', {}, { cause: error });
      return { ok: false, error: failure };
    } finally {
      clearTimeout(backstop);
    }
  };
}
