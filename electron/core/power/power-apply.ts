/**
 * Applying a power plan: each device the plan marked gets exactly one
 * `POST /settings {"miner": {"overclock": {"preset"}}}` with its best credential (sent once, never resent),
 * then a `GET /settings` read-back decides — the firmware answers `{restart_required, reboot_required}`
 * even when it applied nothing (an unknown name, a preset its PSU cannot take), so the answer alone proves
 * nothing (docs/design.md, Commissioning actions, 2 and 3). A device already on its planned preset is
 * only read back. `restart_required` (from the answer, or `/status` when the answer was lost) says whether
 * the device runs the preset only after a mining restart.
 */
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import type { PowerPlanEntry, PowerWriteResult } from '../../../shared/domain/power-plan';
import type { WriteResult } from '../../../shared/domain/commission';
import { message as said } from '../../../shared/i18n/message';
import type { BulkProgress } from '../credentials/bulk';
import type { SessionTarget } from '../credentials/session-target';
import { DeviceError, isDeviceError } from '../device/device-error';
import { hostPort } from '../device/network-errors';
import { causeText } from '../errors/cause-text';
import { runAction } from '../commission/action-bulk';
import type { ActionDeps } from '../commission/action-write';
import {
  readBack,
  restartRequiredIn,
  restartRequiredNow,
  sendOnce,
  trimDot,
} from '../commission/action-write';
import { readOverclock } from './power-read';

export interface SetPowerOptions {
  signal?: AbortSignal;
  concurrency?: number;
  onResult?: (result: PowerWriteResult | WriteResult, progress: BulkProgress) => void;
}

/** Sends the preset once; a refusal (nothing changed) is thrown in words naming the preset. */
async function send(
  deps: ActionDeps,
  target: SessionTarget,
  preset: string,
  signal: AbortSignal | undefined,
) {
  try {
    return await sendOnce(
      deps,
      target,
      (credential) =>
        deps.client.setPreset(target.address, credential, preset, signal === undefined ? {} : { signal }),
      signal,
    );
  } catch (error) {
    if (!isDeviceError(error)) throw error;
    const told = error.detail.deviceMessage;
    const device = typeof told === 'string' ? `: "${told.trim()}"` : '';
    const where = hostPort(target.address);
    const cause = causeText(error.toAppError());
    throw new DeviceError(
      error.code,
      `${where}: preset ${preset} was not set${device} (${trimDot(error.message)}); nothing was changed.`,
      error.detail,
      {
        text:
          typeof told === 'string'
            ? said('errors.power.presetRefusedSaying', { where, preset, told: told.trim(), cause })
            : said('errors.power.presetRefused', { where, preset, cause }),
      },
    );
  }
}

async function setOne(
  deps: ActionDeps,
  target: SessionTarget,
  entry: PowerPlanEntry,
  signal: AbortSignal | undefined,
): Promise<PowerWriteResult> {
  const preset = entry.preset;
  // runAction only runs entries marked `send`, and power-services refuses a plan sending one without a preset.
  if (preset === undefined)
    throw new DeviceError(
      'INTERNAL',
      'The plan has no preset for this device: plan again.',
      {},
      {
        text: said('errors.power.noPresetForDevice'),
      },
    );
  const name = preset.name;
  const where = hostPort(target.address);
  const base = {
    address: formatDeviceAddress(target.address),
    deviceId: target.deviceId,
    preset: name,
    ...(preset.status !== 'tuned' ? { tunes: true } : {}),
  };
  const sent = entry.unchanged === true ? undefined : await send(deps, target, name, signal);
  const back = await readBack(() => readOverclock(deps, target, signal));
  const lost = sent !== undefined && !sent.answered ? sent.why : undefined;
  if (!back.ok) {
    const why =
      sent === undefined
        ? `the plan found preset ${name} configured, but reading it back failed`
        : lost === undefined
          ? `the device answered the write, but reading the preset back failed`
          : `the write got no clear answer (${lost}), and reading the preset back failed too`;
    return {
      ...base,
      outcome: 'unknown',
      message: `unknown — check: ${why} (${back.why})`,
      text: said('outcomes.write.presetUnread', { preset: name, why: back.why }),
    };
  }
  const readPreset = back.value.preset;
  if (readPreset !== name) {
    const shows = `the device reads back preset ${readPreset ?? '(none)'}`;
    const message =
      sent === undefined
        ? `${where}: the plan found preset ${name} configured, but ${shows} now; nothing was written: plan again.`
        : lost === undefined
          ? `${where}: the device answered the write, but ${shows}: preset ${name} was not applied.`
          : `${where}: the write got no clear answer (${lost}), and ${shows}: not applied.`;
    return {
      ...base,
      outcome: 'failed',
      ...(readPreset !== undefined ? { readBack: readPreset } : {}),
      message,
      error: { code: 'NOT_APPLIED', message },
    };
  }
  if (sent === undefined) {
    return {
      ...base,
      outcome: 'done',
      readBack: readPreset,
      message: `already on preset ${name} (read back); nothing written`,
      text: said('outcomes.write.presetAlready', { preset: name }),
    };
  }
  const restartRequired =
    (sent.answered ? restartRequiredIn(sent.body) : undefined) ??
    (await restartRequiredNow(deps, target, signal));
  const how =
    lost === undefined
      ? `preset ${name} set and read back`
      : `the write got no clear answer (${lost}), but the read-back shows preset ${name}`;
  const next = restartRequired === true ? '; restart mining to run it' : '';
  const tuning =
    preset.status !== 'tuned' ? ' (untuned: the device tunes itself for a while once it runs it)' : '';
  return {
    ...base,
    outcome: 'done',
    readBack: readPreset,
    ...(restartRequired !== undefined ? { restartRequired } : {}),
    message: `${how}${next}${tuning}`,
    text: said(lost === undefined ? 'outcomes.write.presetSet' : 'outcomes.write.presetSetUnclear', {
      preset: name,
      lost: lost ?? '',
      restart: restartRequired === true ? 'yes' : 'no',
      untuned: preset.status !== 'tuned' ? 'yes' : 'no',
    }),
  };
}

/** Runs a plan: one write per device it marked; the others are reported skipped, never contacted. */
export function setPower(
  deps: ActionDeps,
  targets: readonly SessionTarget[],
  plan: readonly PowerPlanEntry[],
  options: SetPowerOptions = {},
): Promise<(PowerWriteResult | WriteResult)[]> {
  const planned = new Map(plan.map((p) => [p.deviceId, p]));
  return runAction<SessionTarget, PowerWriteResult>(
    targets,
    plan,
    (target, signal) =>
      setOne(
        deps,
        target,
        planned.get(target.deviceId) ?? { ...target, address: '', send: false, detail: '' },
        signal,
      ),
    {
      ...(options.signal !== undefined ? { signal: options.signal } : {}),
      ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
      ...(options.onResult !== undefined ? { onResult: options.onResult } : {}),
    },
  );
}
