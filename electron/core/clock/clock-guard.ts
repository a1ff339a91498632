/**
 * Where a time scale may come from, and where it may not (issue 33): the environment variable
 * `MINERDECK_TIME_SCALE` (a number ≥ 1) asks for one, for the simulator's field clock in benchmarks and
 * tests. A run takes it only when every device it targets is on loopback (127.0.0.0/8, ::1), the
 * simulator's only home: a run with one real address gets the real clock, whatever the environment says,
 * and the caller is told why (`refused`), so nobody mistakes a real run's times for projected ones.
 */
import type { Clock } from './clock';
import { REAL_CLOCK, scaledClock } from './clock';

export const TIME_SCALE_ENV = 'MINERDECK_TIME_SCALE';
/**
 * The real epoch ms at which field time equals real time (the simulator's `fleet.clockStartMs`), so
 * Minerdeck's field times and the devices' line up; default: when this process first asked.
 */
export const TIME_ORIGIN_ENV = 'MINERDECK_TIME_ORIGIN_MS';

export type ScaleAsked =
  | { kind: 'none' }
  | { kind: 'scale'; scale: number; originMs: number }
  | { kind: 'invalid'; problem: string };

/**
 * One origin for every scaled clock of this process: runs that start at different moments (a Commission,
 * its rollout, each acceptance group) must read the same field time, or their times would not compare.
 */
let processOrigin: number | undefined;

/** What the environment asks for. */
export function scaleAsked(env: Readonly<Record<string, string | undefined>>): ScaleAsked {
  const text = env[TIME_SCALE_ENV]?.trim();
  if (text === undefined || text === '') return { kind: 'none' };
  const scale = Number(text);
  if (!(/^\d+(\.\d+)?$/.test(text) && Number.isFinite(scale) && scale >= 1 && scale <= 10_000)) {
    return { kind: 'invalid', problem: `${TIME_SCALE_ENV} takes a number from 1 to 10000, got "${text}"` };
  }
  const origin = env[TIME_ORIGIN_ENV]?.trim();
  if (origin !== undefined && origin !== '') {
    if (!/^\d{1,16}$/.test(origin)) {
      return { kind: 'invalid', problem: `${TIME_ORIGIN_ENV} takes epoch milliseconds, got "${origin}"` };
    }
    return { kind: 'scale', scale, originMs: Number(origin) };
  }
  processOrigin ??= Date.now();
  return { kind: 'scale', scale, originMs: processOrigin };
}

/** The host of a device address ("http://127.0.0.5:8080" → "127.0.0.5"); the text itself if it has none. */
function hostOf(address: string): string {
  try {
    return new URL(address.includes('://') ? address : `http://${address}`).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return address;
  }
}

/** 127.0.0.0/8 or ::1: the only addresses a scaled clock may run against. */
export function isLoopbackHost(host: string): boolean {
  if (host === '::1' || host === 'localhost') return true;
  const parts = host.split('.');
  return (
    parts.length === 4 && parts[0] === '127' && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)
  );
}

export interface ClockChoice {
  clock: Clock;
  /** Why a scale that was asked for is not used ("… 10.0.0.5 is not on loopback …"); absent otherwise. */
  refused?: string;
}

/** The clock a run over `addresses` uses: scaled only when asked for and every address is loopback. */
export function clockForTargets(asked: ScaleAsked, addresses: readonly string[]): ClockChoice {
  if (asked.kind === 'none') return { clock: REAL_CLOCK };
  if (asked.kind === 'invalid')
    return { clock: REAL_CLOCK, refused: `${asked.problem}: the real clock is used` };
  const real = addresses.find((a) => !isLoopbackHost(hostOf(a)));
  if (real !== undefined || addresses.length === 0) {
    return {
      clock: REAL_CLOCK,
      refused: `${TIME_SCALE_ENV} is for the simulator only${real !== undefined ? ` and ${real} is not on loopback` : ''}: the real clock is used`,
    };
  }
  return { clock: scaledClock(asked.scale, asked.originMs) };
}
