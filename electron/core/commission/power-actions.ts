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
import type { SessionTarget } from '../credentials/session-target';
import type { CallOptions } from '../device/client';
import { isDeviceError } from '../device/device-error';
import { asObject, own } from '../device/json-fields';
import { implausibleText, outside, REBOOT_DELAY_S } from '../device/plausible-bounds';
import type { ActionDeps } from './action-write';
import { callOf, minerStateIn, readBack, readStatusObject, sendOnce } from './action-write';
import { DEFAULT_DISRUPTION_TIMING } from './disruption-timing';

export interface PowerResult extends WriteResult {
  /** When the write went out (epoch ms): the start of the expected disruption. */
  sentAt?: number;
  /** A reboot: the seconds the device said it waits before going down, when plausible (REBOOT_DELAY_S). */
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

/**
 * `after` of a reboot answer. Checked here, before any time is worked out from it: a number outside
 * REBOOT_DELAY_S (valid by the vendor schema, an int64) is `implausible`, and the usual delay is counted
 * instead. Anything but a number: the device did not say.
 */
function rebootDelayOf(body: unknown): { after?: number; implausible?: number } {
  const object = asObject(body);
  const value = object === undefined ? undefined : own(object, 'after');
  if (typeof value !== 'number' || !Number.isFinite(value)) return {};
  return outside(value, REBOOT_DELAY_S) ? { implausible: value } : { after: value };
}

/** `usualAfterSeconds`: counted when the device gives no plausible delay (named in the message). */
export async function rebootOn(
  deps: ActionDeps,
  target: SessionTarget,
  signal: AbortSignal | undefined,
  now: () => number,
  usualAfterSeconds: number = DEFAULT_DISRUPTION_TIMING.defaultAfterSeconds,
): Promise<PowerResult> {
  const { base, sentAt, sent } = await sendPowerWrite(deps, target, signal, now, (credential, call) =>
    deps.client.reboot(target.address, credential, call),
  );
  if (sent.answered) {
    const { after, implausible } = rebootDelayOf(sent.body);
    const when = after === undefined ? 'shortly' : `in ${after} s`;
    const odd =
      implausible === undefined
        ? ''
        : `; it said it goes down in ${implausibleText(implausible, 's', REBOOT_DELAY_S)}, which cannot be right: the usual ${usualAfterSeconds} s is counted instead`;
    return {
      ...base,
      outcome: 'done',
      message: `rebooting: the device goes down ${when}, back in a minute or two${odd}`,
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
