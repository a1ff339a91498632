/**
 * The standard's settings step where both pools and preset differ: ONE `POST /settings` carrying both
 * (client.setMinerSettings), sent once with the best credential, then one `GET /settings` read-back
 * decides — pools as pool-apply.ts compares them, the preset as power-apply.ts does. Where only one part
 * differs, the Commission uses the pools or power service itself (commission-run.ts).
 */
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import type { WriteResult } from '../../../shared/domain/commission';
import type { ActionDeps } from '../commission/action-write';
import {
  readBack,
  restartRequiredIn,
  restartRequiredNow,
  sendOnce,
  trimDot,
} from '../commission/action-write';
import { poolDifferences, poolsFromSettings } from '../commission/pool-read';
import type { SessionTarget } from '../credentials/session-target';
import type { PoolSlotBody } from '../device/client';
import { isDeviceError } from '../device/device-error';
import { hostPort } from '../device/network-errors';
import { readOverclockSettings } from '../device/preset-reader';
import { message as said } from '../../../shared/i18n/message';

export interface SettingsResult extends WriteResult {
  restartRequired?: boolean;
}

export async function applySettings(
  deps: ActionDeps,
  target: SessionTarget,
  settings: { pools: PoolSlotBody[]; preset: string },
  signal: AbortSignal | undefined,
): Promise<SettingsResult> {
  const where = hostPort(target.address);
  const base = { address: formatDeviceAddress(target.address), deviceId: target.deviceId };
  let sent;
  try {
    sent = await sendOnce(
      deps,
      target,
      (credential) =>
        deps.client.setMinerSettings(
          target.address,
          credential,
          settings,
          signal === undefined ? {} : { signal },
        ),
      signal,
    );
  } catch (error) {
    const why = isDeviceError(error) ? trimDot(error.message) : String(error);
    return {
      ...base,
      outcome: 'failed',
      message: `pools and preset not set (${why}); nothing was changed`,
      text: said('outcomes.write.settingsNotSet', { why }),
    };
  }
  const back = await readBack(() =>
    deps.sessions.withCredential(
      target,
      (credential) =>
        deps.client.getSettings(target.address, credential, signal === undefined ? {} : { signal }),
      { keyWhenStored: true, ...(signal === undefined ? {} : { signal }) },
    ),
  );
  if (!back.ok) {
    return {
      ...base,
      outcome: 'unknown',
      message: `unknown — check: reading the settings back failed (${back.why})`,
      text: said('outcomes.write.settingsUnread', { why: back.why }),
    };
  }
  const differences = poolDifferences(settings.pools, poolsFromSettings(back.value, where));
  const preset = readOverclockSettings(back.value).preset;
  if (differences.length > 0 || preset !== settings.preset) {
    const shows = [...differences, ...(preset !== settings.preset ? [`preset ${preset ?? 'none'}`] : [])];
    return {
      ...base,
      outcome: 'failed',
      message: `the device reads back other settings: ${shows.join('; ')}`,
      text: said('outcomes.write.settingsDiffer', { shows: shows.join('; ') }),
      error: { code: 'NOT_APPLIED', message: shows.join('; ') },
    };
  }
  const restartRequired =
    (sent.answered ? restartRequiredIn(sent.body) : undefined) ??
    (await restartRequiredNow(deps, target, signal));
  return {
    ...base,
    outcome: 'done',
    ...(restartRequired !== undefined ? { restartRequired } : {}),
    message: `pools and preset ${settings.preset} set and read back`,
    text: said('outcomes.write.settingsSet', { preset: settings.preset }),
  };
}
