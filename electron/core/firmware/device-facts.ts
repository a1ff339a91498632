/**
 * What a rollout needs to know of a device, read without writing anything: from the anonymous
 * `GET /api/v1/info` its model (`model`, and `miner` as the name) and firmware version (`fw_version`);
 * from `GET /api/v1/status` (with its credential: the session manager unlocks with the stored password
 * when needed, and again after a reboot dropped every token) its miner state. Text from a device is
 * hostile: only strings are taken, trimmed and cut to a sane length.
 */
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import type { SessionManager } from '../credentials/session-manager';
import type { SessionTarget } from '../credentials/session-target';
import type { DeviceClient } from '../device/client';
import { isDeviceError } from '../device/device-error';
import { asObject, own } from '../device/json-fields';
import type { TlsPins } from '../device/tls-pinning';
import { tlsPinKey } from '../device/tls-pinning';

/** Longest model or version text kept: a device may send a megabyte of text in any field. */
const MAX_TEXT = 100;

export interface FirmwareIdentity {
  model?: string;
  modelName?: string;
  version?: string;
}

const text = (object: Record<string, unknown>, key: string): string | undefined => {
  const value = own(object, key);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed.slice(0, MAX_TEXT);
};

/** Model and version from an `/info` body; the short model id (`model`), else the name (`miner`). */
export function firmwareIdentityOf(info: unknown): FirmwareIdentity {
  const body = asObject(info);
  if (body === undefined) return {};
  const id = text(body, 'model');
  const name = text(body, 'miner');
  const version = text(body, 'fw_version');
  const model = id ?? name;
  return {
    ...(model !== undefined ? { model } : {}),
    ...(name !== undefined ? { modelName: name } : {}),
    ...(version !== undefined ? { version } : {}),
  };
}

/** `miner_state` (and a failure's `description`) of a `/status` body. */
export interface MinerStateFacts {
  name: string;
  description?: string;
}

export function minerStateOf(status: unknown): MinerStateFacts | undefined {
  const body = asObject(status);
  if (body === undefined) return undefined;
  const name = text(body, 'miner_state');
  if (name === undefined) return undefined;
  const description = text(body, 'description');
  return { name, ...(description !== undefined ? { description } : {}) };
}

export interface FactsDeps {
  client: DeviceClient;
  sessions: SessionManager;
  pins: TlsPins | undefined;
}

export type InfoRead =
  | { ok: true; identity: FirmwareIdentity }
  /** `silent`: nobody answered (off, or rebooting). `certificate`: an https device showing another one. */
  | {
      ok: false;
      silent: boolean;
      why: string;
      certificate?: { before: string; after: string };
      refused?: true;
    };

const SILENT = new Set(['UNREACHABLE', 'TIMEOUT']);
const trimDot = (words: string): string => words.trim().replace(/\.$/, '');

/**
 * The `/info` read (anonymous unless the device guards its reads: `sessions.read`), with a changed
 * certificate told apart (both fingerprints).
 */
export async function readInfo(
  deps: Pick<FactsDeps, 'client' | 'pins' | 'sessions'>,
  target: SessionTarget,
  call: { signal?: AbortSignal; totalTimeoutMs?: number },
): Promise<InfoRead> {
  const { address } = target;
  try {
    const info = await deps.sessions.read(
      target,
      (credential) => deps.client.getInfo(address, credential, call),
      call.signal !== undefined ? { signal: call.signal } : {},
    );
    return { ok: true, identity: firmwareIdentityOf(info) };
  } catch (error) {
    if (!isDeviceError(error)) throw error;
    if (error.code === 'CANCELLED') throw error;
    const after = error.detail.fingerprint256;
    const before = deps.pins?.get(tlsPinKey(address));
    if (error.code === 'TLS_CHANGED' && after !== undefined && before !== undefined) {
      return { ok: false, silent: false, why: trimDot(error.message), certificate: { before, after } };
    }
    // Firmware that guards `/info` and no working credential here: answering, only not to us.
    const refused = error.code === 'AUTH_REQUIRED' ? { refused: true as const } : {};
    return { ok: false, silent: SILENT.has(error.code), why: trimDot(error.message), ...refused };
  }
}

/** Refusals of a credential: the device answers, only not to this laptop's credential. */
const CREDENTIAL_REFUSED = new Set(['AUTH_REQUIRED', 'WRONG_PASSWORD', 'LOCKED_OUT']);

/**
 * `miner.miner_status.miner_state` of the anonymous `/summary` (real firmware answers it without
 * credentials). Anonymous on purpose: it is asked only when the device refuses every credential here.
 */
async function anonymousMinerState(
  deps: Pick<FactsDeps, 'client'>,
  address: DeviceAddress,
  call: { signal?: AbortSignal; totalTimeoutMs?: number },
): Promise<MinerStateFacts | undefined> {
  try {
    const miner = asObject(
      own(asObject(await deps.client.getSummary(address, undefined, call)) ?? {}, 'miner'),
    );
    return minerStateOf(miner === undefined ? undefined : own(miner, 'miner_status'));
  } catch {
    return undefined;
  }
}

/**
 * The miner state through the device's credential, or why it could not be read. `anonymousFallback`: when
 * the device refuses every credential this laptop has (a password lost in the update, none given for a
 * device that was rebooting when the run began), the state is read from its anonymous `/summary` instead.
 */
export async function readMinerState(
  deps: Pick<FactsDeps, 'client' | 'sessions'>,
  target: SessionTarget,
  call: { signal?: AbortSignal; totalTimeoutMs?: number },
  options: { anonymousFallback?: boolean } = {},
): Promise<{ ok: true; state: MinerStateFacts | undefined } | { ok: false; why: string; code: string }> {
  try {
    const status = await deps.sessions.withCredential(
      target,
      (credential) => deps.client.getStatus(target.address, credential, call),
      call.signal !== undefined ? { signal: call.signal } : {},
    );
    return { ok: true, state: minerStateOf(status) };
  } catch (error) {
    if (isDeviceError(error) && error.code === 'CANCELLED') throw error;
    const code = isDeviceError(error) ? error.code : 'INTERNAL';
    if (options.anonymousFallback === true && CREDENTIAL_REFUSED.has(code)) {
      const state = await anonymousMinerState(deps, target.address, call);
      if (state !== undefined) return { ok: true, state };
    }
    return { ok: false, why: trimDot(error instanceof Error ? error.message : String(error)), code };
  }
}

/** One target as the preflight saw it. */
export interface PreflightDevice {
  deviceId: string;
  address: string;
  /** Why `/info` got no usable answer (undefined when it answered). */
  unreachable?: string;
  /** Nobody answered at all (off, or in the middle of a reboot). */
  silent?: boolean;
  /** An https device showing a certificate other than the trusted one. */
  certificate?: { before: string; after: string };
  identity: FirmwareIdentity;
  /** Its miner state before the update (undefined when it could not be read: `statusProblem` says why). */
  minerState?: MinerStateFacts;
  statusProblem?: string;
  /** Why no upload could be authorised (no API key or password known), else undefined. */
  noCredential?: string;
}

export async function readPreflight(
  deps: FactsDeps & { noCredential: (target: SessionTarget) => Promise<string | undefined> },
  target: SessionTarget,
  call: { signal?: AbortSignal; totalTimeoutMs?: number },
): Promise<PreflightDevice> {
  const base = { deviceId: target.deviceId, address: formatDeviceAddress(target.address) };
  const info = await readInfo(deps, target, call);
  if (!info.ok && info.refused === true) {
    // It answers, but guards `/info`: no credential is the reason, not the network.
    const missing = await deps.noCredential(target);
    return { ...base, identity: {}, noCredential: missing ?? info.why };
  }
  if (!info.ok) {
    return {
      ...base,
      unreachable: info.why,
      silent: info.silent,
      identity: {},
      ...(info.certificate !== undefined ? { certificate: info.certificate } : {}),
    };
  }
  const missing = await deps.noCredential(target);
  if (missing !== undefined) return { ...base, identity: info.identity, noCredential: missing };
  const status = await readMinerState(deps, target, call);
  return {
    ...base,
    identity: info.identity,
    ...(status.ok
      ? status.state !== undefined
        ? { minerState: status.state }
        : { statusProblem: 'its status names no miner state' }
      : { statusProblem: status.why }),
  };
}
