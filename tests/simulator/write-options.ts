/**
 * Defaults and checks of the options behind the write endpoints (settings, restart, reboot), merged into
 * the device's resolved options by device-options.ts.
 */
import { fixtures } from './fixtures';
import { parsePools } from './pools';
import type { SimDeviceSettings, SimPool } from './types';

export type WriteFilled =
  | 'pools'
  | 'passwordChangeDropsApiKeys'
  | 'miningRestartSeconds'
  | 'rebootAfterSeconds'
  | 'rebootDownSeconds'
  | 'bootSeconds'
  | 'installSeconds'
  | 'installHoldsAnswer';

export type WriteOptions = Required<Pick<SimDeviceSettings, WriteFilled>>;

/** The pools of the real device in the settings fixture. */
export function fixturePools(): SimPool[] {
  const miner = fixtures().settings['miner'] as { pools?: unknown } | undefined;
  const pools = parsePools(miner?.pools);
  if (typeof pools === 'string') throw new Error(`settings fixture: ${pools}`);
  return pools;
}

function seconds(name: string, value: number | undefined, fallback: number, whole = false): number {
  if (value === undefined) return fallback;
  if (!(Number.isFinite(value) && value >= 0) || (whole && !Number.isInteger(value))) {
    throw new RangeError(`${name} must be a ${whole ? 'whole ' : ''}number of seconds >= 0, got ${value}`);
  }
  return value;
}

export function resolveWriteOptions(o: SimDeviceSettings): WriteOptions {
  let pools = fixturePools();
  if (o.pools !== undefined) {
    const given = parsePools(o.pools);
    if (typeof given === 'string') throw new RangeError(`pools: ${given}`);
    pools = given;
  }
  return {
    pools,
    passwordChangeDropsApiKeys: o.passwordChangeDropsApiKeys ?? false,
    miningRestartSeconds: seconds('miningRestartSeconds', o.miningRestartSeconds, 2),
    // The answer's `after` is an integer (int64 in the vendor schema), 3 by default.
    rebootAfterSeconds: seconds('rebootAfterSeconds', o.rebootAfterSeconds, 3, true),
    rebootDownSeconds: seconds('rebootDownSeconds', o.rebootDownSeconds, 2),
    bootSeconds: seconds('bootSeconds', o.bootSeconds, 2),
    // A taken image goes down `after` the answer by default: no install phase (the fast tests' devices).
    installSeconds: seconds('installSeconds', o.installSeconds, 0),
    installHoldsAnswer: o.installHoldsAnswer ?? false,
  };
}
