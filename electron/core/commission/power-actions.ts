/**
 * Restarting mining and rebooting one device (field-notes.md, "Writes a commissioning tool makes"):
 * `POST /mining/restart` (then `/status.miner_state` goes through restarting/starting back to mining) and
 * `POST /system/reboot` → `{"after": s}` (then the device drops off the network for a minute or two, and
 * every session token is gone). Each sent once; an answer that got lost is decided by reading the device
 * back — a restart by its miner state, a reboot by the device shutting down or going silent.
 */
import type { WriteResult } from '../../../shared/domain/commission';
import type { DeviceCredential } from '../../../shared/domain/credential';
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import { minerStateLook } from '../../../shared/domain/miner-states';
import type { SessionTarget } from '../credentials/session-manager';
import type { CallOptions } from '../device/client';
import { isDeviceError } from '../device/device-error';
import { asObject, own } from '../device/json-fields';
import type { ActionDeps } from './action-write';
import { callOf, minerStateIn, readBack, readStatusObject, sendOnce } from './action-write';

export interface PowerResult extends WriteResult {
  /** When the write went out (epoch ms): the start of the expected disruption. */
  sentAt?: number;
  /** A reboot: the seconds the device said it waits before going down. */
  after?: number;
}

const SILENT = new Set(['UNREACHABLE', 'TIMEOUT']);

/** Sends one power write once, noting when it went out (the start of the expected disruption). */
async function sendPowerWrite(
  deps: ActionDeps,
  target: SessionTarget,
  signal: AbortSignal | undefined,
  now: () => number,
  write: (credential: DeviceCredential, call: CallOptions) => Promise<unknown>,
) {
  const base = { address: formatDeviceAddress(target.address), deviceId: target.deviceId };
  const sentAt = now();
  const call = callOf(signal);
  const sent = await sendOnce(deps, target, (credential) => write(credential, call), signal);
  return { base, sentAt, sent };
}

export async function restartMiningOn(
  deps: ActionDeps,
  target: SessionTarget,
  signal: AbortSignal | undefined,
  now: () => number,
): Promise<PowerResult> {
  const { base, sentAt, sent } = await sendPowerWrite(deps, target, signal, now, (credential, call) =>
    deps.client.restartMining(target.address, credential, call),
  );
  if (sent.answered) return { ...base, outcome: 'done', message: 'mining restart accepted', sentAt };
  const back = await readBack(() => readStatusObject(deps, target, signal));
  const state = back.ok ? minerStateIn(back.value) : undefined;
  if (state !== undefined && minerStateLook(state).kind === 'starting') {
    return {
      ...base,
      outcome: 'done',
      message: `the restart got no clear answer (${sent.why}); read back: the device reports ${state} (not resent)`,
      sentAt,
    };
  }
  const seen = back.ok
    ? `it reports ${state ?? 'no miner state'}`
    : `it could not be read back (${back.why})`;
  return {
    ...base,
    outcome: 'unknown',
    message: `unknown — the restart got no clear answer (${sent.why}) and ${seen}: check; not resent`,
    sentAt,
  };
}

/** `after` of a reboot answer, when it is a number of seconds. */
function afterOf(body: unknown): number | undefined {
  const object = asObject(body);
  const value = object === undefined ? undefined : own(object, 'after');
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

export async function rebootOn(
  deps: ActionDeps,
  target: SessionTarget,
  signal: AbortSignal | undefined,
  now: () => number,
): Promise<PowerResult> {
  const { base, sentAt, sent } = await sendPowerWrite(deps, target, signal, now, (credential, call) =>
    deps.client.reboot(target.address, credential, call),
  );
  if (sent.answered) {
    const after = afterOf(sent.body);
    const when = after === undefined ? 'shortly' : `in ${after} s`;
    return {
      ...base,
      outcome: 'done',
      message: `rebooting: the device goes down ${when}, back in a minute or two`,
      sentAt,
      ...(after !== undefined ? { after } : {}),
    };
  }
  const back = await readBack(() => readStatusObject(deps, target, signal));
  if (back.ok) {
    const state = minerStateIn(back.value);
    if (state?.trim().toLowerCase() === 'shutting-down') {
      return {
        ...base,
        outcome: 'done',
        message: `the reboot got no clear answer (${sent.why}); read back: the device is shutting down (not resent)`,
        sentAt,
      };
    }
    return {
      ...base,
      outcome: 'unknown',
      message: `unknown — the reboot got no clear answer (${sent.why}) and the device still reports ${state ?? 'no miner state'}: check; not resent`,
      sentAt,
    };
  }
  if (isDeviceError(back.error) && SILENT.has(back.error.code)) {
    return {
      ...base,
      outcome: 'done',
      message: `the reboot got no clear answer (${sent.why}); then the device went silent: it is rebooting (not resent)`,
      sentAt,
    };
  }
  return {
    ...base,
    outcome: 'unknown',
    message: `unknown — the reboot got no clear answer (${sent.why}) and the device could not be read back (${back.why}): check; not resent`,
    sentAt,
  };
}
