/**
 * The locate LED of one device, idempotent (field-notes.md, "Writes a commissioning tool makes"): read
 * `/status.find_miner` first and toggle only when it differs from what is asked — the firmware's calls
 * toggle, so a blind call would turn an LED that is on off. The toggle is `POST /locate-miner` on firmware
 * 1.3 and later, `POST /find-miner` before (the version from the anonymous `/info`; when it is unknown,
 * `/locate-miner` first and `/find-miner` only after a 404, which applied nothing). Verified by reading
 * `/status.find_miner` back; an answer that got lost is never resent, the read-back decides.
 */
import { message as ledText } from '../../../shared/i18n/message';
import type { WriteResult } from '../../../shared/domain/commission';
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import type { SessionTarget } from '../credentials/session-target';
import { DeviceError, isDeviceError } from '../device/device-error';
import { asObject, own } from '../device/json-fields';
import { hostPort } from '../device/network-errors';
import { causeText } from '../errors/cause-text';
import { toAppError } from '../errors/to-app-error';
import type { ActionDeps, SentOnce } from './action-write';
import { callOf, readBack, readStatusObject, sendOnce } from './action-write';

/** One device's outcome, with the LED as last read and whether a toggle was sent. */
export interface LedResult extends WriteResult {
  /** The LED as read back (or as found, when nothing was sent); absent when unknown. */
  ledOn?: boolean;
  toggled: boolean;
}

type Endpoint = 'locate-miner' | 'find-miner' | 'either';

const word = (on: boolean): string => (on ? 'on' : 'off');

/** `major.minor.patch` at least `min`; undefined when the text holds no version. */
export function versionAtLeast(text: string, min: readonly [number, number, number]): boolean | undefined {
  const match = /(\d+)\.(\d+)(?:\.(\d+))?/.exec(text);
  if (match === null) return undefined;
  const [major, minor, patch] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  if (major !== min[0]) return major > min[0];
  if (minor !== min[1]) return minor > min[1];
  return patch >= min[2];
}

/** `find_miner` of the status, or undefined when the firmware does not say. */
async function readLed(
  deps: ActionDeps,
  target: SessionTarget,
  signal: AbortSignal | undefined,
): Promise<boolean | undefined> {
  const value = own(await readStatusObject(deps, target, signal), 'find_miner');
  return typeof value === 'boolean' ? value : undefined;
}

/** Which call toggles the LED on this firmware (`/info.fw_version`). */
async function endpointFor(
  deps: ActionDeps,
  target: SessionTarget,
  signal: AbortSignal | undefined,
): Promise<Endpoint> {
  try {
    const call = callOf(signal);
    const info = await deps.sessions.read(
      target,
      (credential) => deps.client.getInfo(target.address, credential, call),
      call,
    );
    const version = own(asObject(info) ?? {}, 'fw_version');
    const newer = typeof version === 'string' ? versionAtLeast(version, [1, 3, 0]) : undefined;
    return newer === undefined ? 'either' : newer ? 'locate-miner' : 'find-miner';
  } catch {
    return 'either';
  }
}

const isAbsent = (error: unknown): boolean =>
  isDeviceError(error) && error.code === 'HTTP_ERROR' && [404, 405].includes(error.detail.status ?? 0);

async function toggle(
  deps: ActionDeps,
  target: SessionTarget,
  endpoint: Endpoint,
  signal: AbortSignal | undefined,
): Promise<SentOnce> {
  const { client } = deps;
  const call = callOf(signal);
  const find = () =>
    sendOnce(deps, target, (credential) => client.findMiner(target.address, credential, call), signal);
  if (endpoint === 'find-miner') return find();
  try {
    return await sendOnce(
      deps,
      target,
      (credential) => client.locateMiner(target.address, credential, call),
      signal,
    );
  } catch (error) {
    // Older firmware has no /locate-miner: the 404 applied nothing, so the older call is the one toggle.
    if (endpoint === 'either' && isAbsent(error)) return find();
    throw error;
  }
}

/** The LED state an answer reports (`{"on"}` or `{"is_enabled"}`), if any. */
function answered(body: unknown): boolean | undefined {
  const object = asObject(body);
  if (object === undefined) return undefined;
  const value = own(object, 'on') ?? own(object, 'is_enabled');
  return typeof value === 'boolean' ? value : undefined;
}

/** Turns one device's locate LED on or off; throws a DeviceError when nothing was sent or applied. */
export async function switchLed(
  deps: ActionDeps,
  target: SessionTarget,
  on: boolean,
  signal: AbortSignal | undefined,
): Promise<LedResult> {
  const where = hostPort(target.address);
  const base = { address: formatDeviceAddress(target.address), deviceId: target.deviceId };
  const first = await readBack(() => readLed(deps, target, signal));
  if (!first.ok) {
    throw new DeviceError(
      isDeviceError(first.error) ? first.error.code : 'INTERNAL',
      `${where}: could not read whether its locate LED is on (${first.why}); nothing was sent.`,
      isDeviceError(first.error) ? first.error.detail : {},
      { text: ledText('errors.led.unreadable', { where, cause: causeText(toAppError(first.error)) }) },
    );
  }
  if (first.value === undefined) {
    throw new DeviceError(
      'BAD_RESPONSE',
      `${where}: its status does not say whether the locate LED is on (no find_miner), so it is not toggled blindly; nothing was sent.`,
      {},
      { text: ledText('errors.led.stateUnknown', { where }) },
    );
  }
  if (first.value === on) {
    return {
      ...base,
      outcome: 'done',
      message: `locate LED already ${word(on)}: nothing sent`,
      ledOn: on,
      toggled: false,
    };
  }

  const sent = await toggle(deps, target, await endpointFor(deps, target, signal), signal);
  const after = await readBack(() => readLed(deps, target, signal));
  const now = after.ok ? after.value : undefined;
  if (now === on) {
    const how = sent.answered ? '' : ` (the toggle got no clear answer: ${sent.why}; read back, not resent)`;
    return { ...base, outcome: 'done', message: `locate LED ${word(on)}${how}`, ledOn: on, toggled: true };
  }
  if (now === !on) {
    const message = sent.answered
      ? `the device answered the toggle, but its LED still reads ${word(!on)}`
      : `the toggle got no clear answer (${sent.why}) and the LED still reads ${word(!on)}: not applied, not resent (run it again)`;
    return {
      ...base,
      outcome: 'failed',
      message,
      ledOn: !on,
      toggled: true,
      error: { code: 'HTTP_ERROR', message: `${where}: ${message}.` },
    };
  }
  const said = sent.answered ? answered(sent.body) : undefined;
  const why = after.ok ? 'its status no longer says' : after.why;
  const message = sent.answered
    ? `toggled${said !== undefined ? ` (the device says ${word(said)})` : ''}, but the LED could not be read back (${why}): check`
    : `the toggle got no clear answer (${sent.why}) and the LED could not be read back (${why}): check; not resent`;
  return { ...base, outcome: 'unknown', message: `unknown — ${message}`, toggled: true };
}
