/**
 * Reading a device's power facts: its autotune presets (`GET /autotune/presets`, a token or an API key, as
 * the vendor document lists it), the preset configured and whether its PSU is modified (`GET /settings` →
 * `miner.overclock`, read with the API key when one is stored: the vendor document lists only the key for
 * it). A device whose settings cannot be read still gets a plan: its PSU then counts as stock (the safe
 * reading) and the preset in use comes from `/perf-summary` (anonymous in the vendor document: `sessions.read`). Also `profile list`.
 */
import type { DevicePowerListing } from '../../../shared/domain/power-plan';
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import { runBulk } from '../credentials/bulk';
import type { SessionManager } from '../credentials/session-manager';
import type { SessionTarget } from '../credentials/session-target';
import type { DeviceClient } from '../device/client';
import { readCurrentPreset, readOverclockSettings, readPresets } from '../device/preset-reader';
import { callOf, readBack } from '../commission/action-write';
import type { DevicePowerFacts } from './preset-choice';
import { errorCopy } from '../errors/cause-text';
import type { AppError } from '../../../shared/result';

export interface PowerReadDeps {
  client: DeviceClient;
  sessions: SessionManager;
}

export interface ReadFacts extends DevicePowerFacts {
  /** What was odd in the bodies, and what could not be read (settings), for the technician. */
  warnings: string[];
}

/** The configured preset and PSU (`GET /settings`, API key first); throws when it cannot be read. */
export async function readOverclock(
  deps: PowerReadDeps,
  target: SessionTarget,
  signal: AbortSignal | undefined,
) {
  const call = callOf(signal);
  const settings = await deps.sessions.withCredential(
    target,
    (credential) => deps.client.getSettings(target.address, credential, call),
    { ...call, keyWhenStored: true },
  );
  return readOverclockSettings(settings);
}

/**
 * One device's presets, configured preset and PSU. Throws when the presets cannot be read (no such
 * endpoint on older firmware, a refusal, no answer): there is nothing to choose from then.
 */
export async function readPowerFacts(
  deps: PowerReadDeps,
  target: SessionTarget,
  signal: AbortSignal | undefined,
): Promise<ReadFacts> {
  const call = callOf(signal);
  const body = await deps.sessions.withCredential(
    target,
    (credential) => deps.client.getAutotunePresets(target.address, credential, call),
    call,
  );
  const { presets, warnings } = readPresets(body);
  const overclock = await readBack(() => readOverclock(deps, target, signal));
  if (overclock.ok) {
    const { preset, moddedPsu } = overclock.value;
    return { presets, moddedPsu, warnings, ...(preset !== undefined ? { current: preset } : {}) };
  }
  const fallback = await readBack(async () =>
    readCurrentPreset(
      await deps.sessions.read(
        target,
        (credential) => deps.client.getPerfSummary(target.address, credential, call),
        call,
      ),
    ),
  );
  const current = fallback.ok ? fallback.value?.name : undefined;
  return {
    presets,
    moddedPsu: false,
    warnings: [
      ...warnings,
      `its settings could not be read (${overclock.why}): its power supply counts as stock, so presets needing a modified one are left out`,
    ],
    ...(current !== undefined ? { current } : {}),
  };
}

/** `profile list`: each device's presets, the configured one and its PSU, in input order. */
export async function listPower(
  deps: PowerReadDeps,
  targets: readonly SessionTarget[],
  options: {
    signal?: AbortSignal;
    concurrency?: number;
    onResult?: (listing: DevicePowerListing) => void;
  } = {},
): Promise<DevicePowerListing[]> {
  const toListing = (
    outcome:
      | { item: SessionTarget; ok: true; value: ReadFacts }
      | { item: SessionTarget; ok: false; error: AppError },
  ): DevicePowerListing => {
    const base = { address: formatDeviceAddress(outcome.item.address), deviceId: outcome.item.deviceId };
    if (!outcome.ok) return { ...base, error: errorCopy(outcome.error) };
    const { presets, current, moddedPsu, warnings } = outcome.value;
    return {
      ...base,
      presets: [...presets],
      moddedPsu,
      ...(current !== undefined ? { current } : {}),
      ...(warnings.length > 0 ? { warnings } : {}),
    };
  };
  const outcomes = await runBulk<SessionTarget, ReadFacts>(
    targets,
    (target, signal) => readPowerFacts(deps, target, signal),
    {
      ...(options.signal !== undefined ? { signal: options.signal } : {}),
      ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
      onOutcome: (outcome) => options.onResult?.(toListing(outcome)),
    },
  );
  return outcomes.map(toListing);
}
