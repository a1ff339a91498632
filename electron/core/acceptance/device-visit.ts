/**
 * One visit to one device during an acceptance: `/model` until it has been read once, `/perf-summary` once
 * (the preset in force, for the report), then `/summary` and — when due (chains-due.ts: at the start and
 * the end, and whenever `/summary` shows something only `/chains` can name) — `/chains`, one after the
 * other on the kept connection. All are anonymous in the vendor document (`/summary`: credentials
 * optional, field-notes.md), so each goes through the session manager's rule for such reads
 * (`sessions.read`, credentials/guarded-reads.ts): sent with no credential — no unlock, no token — unless
 * the device guards its reads, when the refused read is made once more with its stored credential (no
 * failed reading) and its later reads carry it. Reads only: nothing is ever written to a device here.
 */
import type { ModelChains } from '../../../shared/domain/hash-boards';
import type { Clock } from '../clock/clock';
import { REAL_CLOCK } from '../clock/clock';
import type { SessionManager } from '../credentials/session-manager';
import type { CallOptions, DeviceClient, ReadCredential } from '../device/client';
import type { DeviceError } from '../device/device-error';
import { isDeviceError } from '../device/device-error';
import { readModelChains } from '../device/hash-board-reader';
import { readCurrentPreset } from '../device/preset-reader';
import type { MonitorTarget } from '../monitor/poll-device';
import type { AcceptanceSample } from './device-window';
import { digestChains } from './chains-digest';
import { sampleFrom } from './read-sample';

/** What the run remembers of a device between visits. */
export interface VisitState {
  model?: ModelChains;
  modelError?: string;
  /** The preset in force, read once a run (`/perf-summary`); null when the device did not say. */
  preset?: string | null;
}

export const newVisitState = (): VisitState => ({});

const MAX_DEVICE_TEXT = 120;
const SILENT: ReadonlySet<string> = new Set(['TIMEOUT', 'UNREACHABLE', 'CANCELLED']);

/** A failed read in a few words ("timed out", "HTTP 404"), for the evidence and the reasons. */
export function errorWords(error: unknown): string {
  if (!isDeviceError(error)) return 'failed';
  const e: DeviceError = error;
  switch (e.code) {
    case 'TIMEOUT':
      return 'timed out';
    case 'UNREACHABLE':
      return e.detail.cause === 'ECONNREFUSED' ? 'no answer (connection refused)' : 'no answer';
    case 'HTTP_ERROR': {
      const said = e.detail.deviceMessage?.trim().slice(0, MAX_DEVICE_TEXT);
      return `HTTP ${e.detail.status ?? '?'}${said !== undefined && said !== '' ? ` (${said})` : ''}`;
    }
    case 'BAD_RESPONSE':
      return 'an answer that is not the expected JSON';
    case 'AUTH_REQUIRED':
      return 'refused without a working password or API key';
    case 'LOCKED_OUT':
      return 'locked out (too many wrong passwords)';
    case 'TLS_UNTRUSTED':
      return 'its certificate is not trusted yet';
    case 'TLS_CHANGED':
      return 'its certificate changed';
    case 'CANCELLED':
      return 'cancelled';
    default:
      return e.message.slice(0, MAX_DEVICE_TEXT);
  }
}

export interface VisitDeps {
  client: DeviceClient;
  sessions: Pick<SessionManager, 'read'>;
}

/**
 * Visits the device once (every request within `timeoutMs` in all) and answers the reading; a failed read
 * is part of the reading (`errors`), never thrown.
 */
export async function visitDevice(
  deps: VisitDeps,
  target: MonitorTarget,
  state: VisitState,
  at: number,
  options: {
    /** Field ms on `clock`: the requests get it in real ms (`clock.realMs`, never under its floor). */
    timeoutMs: number;
    clock?: Clock;
    signal?: AbortSignal;
    /** Whether `/chains` is read after this `/summary` reading (default: always). */
    chainsDue?: (sample: AcceptanceSample) => boolean;
  },
): Promise<AcceptanceSample> {
  const clock = options.clock ?? REAL_CLOCK;
  const deadline = clock.now() + options.timeoutMs;
  const call = (): CallOptions => ({
    totalTimeoutMs: Math.max(1, clock.realMs(deadline - clock.now())),
    ...(options.signal !== undefined ? { signal: options.signal } : {}),
  });
  // Each read by the rule for anonymous reads: a guarded device's credential, without a refused try.
  const read = (get: (credential: ReadCredential) => Promise<unknown>): Promise<unknown> =>
    deps.sessions.read(target, get, options.signal !== undefined ? { signal: options.signal } : {});
  const errors: string[] = [];
  if (state.model === undefined) {
    try {
      state.model = readModelChains(await read((c) => deps.client.getModel(target.address, c, call())));
      delete state.modelError;
    } catch (error) {
      state.modelError = errorWords(error);
    }
  }
  if (state.preset === undefined) {
    // Optional (older firmware has no /perf-summary): a failure is no failed reading, just no preset.
    try {
      state.preset =
        readCurrentPreset(await read((c) => deps.client.getPerfSummary(target.address, c, call())))?.name ??
        null;
    } catch {
      state.preset = null;
    }
  }
  // Each body is read into the reading as soon as it arrives: its parsed form dies young instead of
  // surviving the next request's wait (thousands of visits a minute would otherwise fill the old
  // generation with garbage; the acceptance benchmark's memory).
  let sample: AcceptanceSample;
  let silent = false;
  try {
    const summary = await read((c) => deps.client.getSummary(target.address, c, call()));
    sample = sampleFrom(at, { summary }, state.model?.hashRateUnit);
  } catch (error) {
    errors.push(`/summary: ${errorWords(error)}`);
    sample = { at };
    // A device that did not answer at all is not asked again in the same visit.
    silent = isDeviceError(error) && SILENT.has(error.code);
  }
  if (!silent && (options.chainsDue?.(sample) ?? true)) {
    try {
      // `/chains` (the big one: every chip) folded to a few numbers a board at once.
      sample.chains = digestChains(await read((c) => deps.client.getChains(target.address, c, call())));
    } catch (error) {
      errors.push(`/chains: ${errorWords(error)}`);
    }
  }
  if (errors.length > 0) sample.errors = errors;
  return sample;
}
