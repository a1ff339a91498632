/**
 * The device API client: one function per endpoint, sending exactly what the spec says (docs/design.md
 * principle 1) and turning every answer real firmware gives into a value or a DeviceError.
 *
 * Bodies come back raw (`unknown`): the status reader and the credentials service interpret them with
 * tolerant schemas, and the raw JSON stays available for display. Every method throws DeviceError and
 * nothing else, so callers (IPC handlers, the CLI) map one error type to a Result.
 */
import type { DeviceCredential } from '../../../shared/domain/credential';
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { DeviceError, isDeviceError } from './device-error';
import { errorForStatus, readJsonBody, tokenFrom } from './answer';
import { hostPort } from './network-errors';
import type { AddressInput, ApiKeyBody } from './request-input';
import type { PoolSlotBody } from './pool-slots';
import { requirePoolSlots } from './pool-slots';
import { requirePresetName } from './preset-name';
import {
  credentialHeaders,
  credentialSecret,
  requireApiKey,
  requireApiKeyBody,
  requirePassword,
  resolveAddress,
} from './request-input';
import type { TransportResponse } from './http-exchange';
import type { Exchange } from './exchange';
import { createNoteCalls } from './notes-client';
import type { NoteCalls } from './notes-client';
import type { CallOptions, Transport, TransportOptions } from './transport';
import { createTransport } from './transport';

export type { AddressInput, ApiKeyBody } from './request-input';
export type { PoolSlotBody } from './pool-slots';
export type { CallOptions } from './transport';
export type { NoteCalls, NotesAnswer } from './notes-client';

const API = '/api/v1';

/** The credential a read the vendor lists as anonymous carries: `undefined` sends none. */
export type ReadCredential = DeviceCredential | undefined;

export interface DeviceClientOptions extends TransportOptions {
  /** Replaces the HTTP transport (tests, or a transport shared by several clients). */
  transport?: Transport;
}

export interface DeviceClient extends NoteCalls {
  /** `POST /unlock {"pw"}` → the bearer token (opaque). Never retried: a wrong password counts. */
  unlock(address: AddressInput, password: string, call?: CallOptions): Promise<string>;
  /** `GET /status` with exactly one credential header → the raw JSON body. */
  getStatus(address: AddressInput, credential: DeviceCredential, call?: CallOptions): Promise<unknown>;
  /** `POST /apikeys {"key", "description"}` → the raw body (`{status}`, a bare string, or a key). */
  createApiKey(
    address: AddressInput,
    credential: DeviceCredential,
    body: ApiKeyBody,
    call?: CallOptions,
  ): Promise<unknown>;
  /** `GET /apikeys` (real firmware) → the raw body, `[{key, description}]` on known devices. */
  listApiKeys(address: AddressInput, credential: DeviceCredential, call?: CallOptions): Promise<unknown>;
  /** `POST /apikeys/delete {"key"}` (real firmware; there is no HTTP DELETE) → the raw body or null. */
  deleteApiKey(
    address: AddressInput,
    credential: DeviceCredential,
    key: string,
    call?: CallOptions,
  ): Promise<unknown>;
  /** `GET /settings` (real firmware) → the raw body; pools live under `miner.pools`. */
  getSettings(address: AddressInput, credential: DeviceCredential, call?: CallOptions): Promise<unknown>;
  /**
   * `POST /settings {"password": {"current", "pw"}}` (real firmware) → the raw body, usually
   * `{restart_required, reboot_required}`. A write: sent once, never resent by the transport (a POST that
   * got no answer may have been applied), and both passwords are scrubbed from any text the device sends.
   */
  changePassword(
    address: AddressInput,
    credential: DeviceCredential,
    passwords: { current: string; next: string },
    call?: CallOptions,
  ): Promise<unknown>;
  /**
   * `POST /settings {"miner": {"pools": [3 × {url, user, pass}]}}` (real firmware) → the raw body, usually
   * `{restart_required, reboot_required}`. A partial merge: nothing but the pools is touched. Sent once,
   * never resent (see changePassword); pool passwords of 3 characters or more are scrubbed from device text
   * (shorter ones are placeholders like "x", and scrubbing them would garble the message).
   */
  setPools(
    address: AddressInput,
    credential: DeviceCredential,
    slots: readonly PoolSlotBody[],
    call?: CallOptions,
  ): Promise<unknown>;
  /**
   * The locate LED (real firmware): `POST /find-miner` toggles it and answers `{"on"}` (1.2.x, no auth in
   * the vendor document; the credential is sent anyway), `POST /locate-miner` → `{"is_enabled"}` (1.3.x).
   * Writes, like the two below: sent once, never resent by the transport.
   */
  findMiner(address: AddressInput, credential: DeviceCredential, call?: CallOptions): Promise<unknown>;
  locateMiner(address: AddressInput, credential: DeviceCredential, call?: CallOptions): Promise<unknown>;
  /** `POST /mining/restart` (real firmware) → usually an empty 200 (null here). */
  restartMining(address: AddressInput, credential: DeviceCredential, call?: CallOptions): Promise<unknown>;
  /** `POST /system/reboot` (real firmware) → `{"after": seconds}`; then the device drops off for a while. */
  reboot(address: AddressInput, credential: DeviceCredential, call?: CallOptions): Promise<unknown>;
  /**
   * `POST /settings {"miner": {"overclock": {"preset": "<name>"}}}` (real firmware) → the raw body, usually
   * `{restart_required, reboot_required}` — which comes even when nothing was applied: only a `GET
   * /settings` read-back tells. A write: sent once, never resent (see changePassword).
   */
  setPreset(
    address: AddressInput,
    credential: DeviceCredential,
    preset: string,
    call?: CallOptions,
  ): Promise<unknown>;
  /**
   * Pools and preset in ONE `POST /settings {"miner": {"pools": [3 slots], "overclock": {"preset"}}}`, for
   * the site standard's Commission: the device changes once and asks for one restart. As setPools and
   * setPreset: sent once, never resent; only a read-back tells what was applied.
   */
  setMinerSettings(
    address: AddressInput,
    credential: DeviceCredential,
    settings: { pools: readonly PoolSlotBody[]; preset: string },
    call?: CallOptions,
  ): Promise<unknown>;
  /**
   * `GET /autotune/presets` (bearer or API key in the vendor document) → the raw body, a list of
   * `{name, pretty, status, modded_psu_required, tune_settings}` (preset-reader.ts reads it).
   */
  getAutotunePresets(
    address: AddressInput,
    credential: DeviceCredential,
    call?: CallOptions,
  ): Promise<unknown>;
  /*
   * The reads below are anonymous in the vendor document (no `security`; `/summary`: credentials
   * optional), yet some firmware answers them only with a credential. Each takes one, or `undefined` to
   * read anonymously; which to send is the session manager's rule (`SessionManager.read`,
   * credentials/guarded-reads.ts), never the caller's.
   */
  /** `GET /perf-summary` → `{current_preset, preset_switcher}`. */
  getPerfSummary(address: AddressInput, credential: ReadCredential, call?: CallOptions): Promise<unknown>;
  /** `GET /model` → the model, `chain.num_chains`, `chips_per_chain`. */
  getModel(address: AddressInput, credential: ReadCredential, call?: CallOptions): Promise<unknown>;
  /** `GET /chains` → per hash board its state, hash rates and chips. */
  getChains(address: AddressInput, credential: ReadCredential, call?: CallOptions): Promise<unknown>;
  /** `GET /chains/factory-info` → `hr_stock`, board serials, PSU. */
  getFactoryInfo(address: AddressInput, credential: ReadCredential, call?: CallOptions): Promise<unknown>;
  /** `GET /info`: identity, firmware, MAC. 404 → HTTP_ERROR status 404. */
  getInfo(address: AddressInput, credential: ReadCredential, call?: CallOptions): Promise<unknown>;
  /** `GET /summary`: the metrics. 404 → HTTP_ERROR status 404. */
  getSummary(address: AddressInput, credential: ReadCredential, call?: CallOptions): Promise<unknown>;
  /**
   * How much longer (ms) a GET can reuse the connection kept to this device, or undefined when none is
   * kept (the monitor times a poll to find it).
   */
  keptConnectionMs?(address: DeviceAddress): number | undefined;
  /** Closes idle connections and cancels calls in flight. */
  close(): void;
}

export function createDeviceClient(options: DeviceClientOptions = {}): DeviceClient {
  const transport = options.transport ?? createTransport(options);

  async function send<T>(input: AddressInput, spec: Exchange<T>, call: CallOptions | undefined): Promise<T> {
    try {
      const address = resolveAddress(input);
      const where = hostPort(address);
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (spec.body !== undefined) headers['Content-Type'] = 'application/json';
      if (spec.credential !== null) Object.assign(headers, credentialHeaders(spec.credential, where));
      const response = await transport.request(
        {
          address,
          method: spec.method,
          path: `${API}${spec.path}`,
          headers,
          ...(spec.body !== undefined ? { body: JSON.stringify(spec.body) } : {}),
        },
        call,
      );
      if (response.status >= 200 && response.status < 300) {
        call?.onBody?.(response.body);
        return spec.onSuccess(response, where);
      }
      throw errorForStatus(response, {
        where,
        isUnlock: spec.isUnlock === true,
        secrets: [...(spec.secrets ?? []), ...credentialSecret(spec.credential ?? undefined)],
      });
    } catch (error) {
      if (isDeviceError(error)) throw error;
      // A bug of ours, not a device fault: still a DeviceError so callers handle one type.
      throw new DeviceError('INTERNAL', 'The device client failed unexpectedly.', {}, { cause: error });
    }
  }

  const json = (response: TransportResponse, where: string): unknown => readJsonBody(response, where);
  /**
   * A write whose answer may be empty: an empty 200 is an acceptance too (null). Firmware confirms a
   * deletion that way, answers `/settings` with `{restart_required, reboot_required}` or nothing, and sends
   * nothing for an LED, restart or reboot (a bodiless write).
   */
  const write = (
    address: AddressInput,
    path: string,
    credential: DeviceCredential,
    call?: CallOptions,
    content: { body?: unknown; secrets?: readonly string[] } = {},
  ) =>
    send(
      address,
      {
        method: 'POST',
        path,
        credential,
        ...content,
        onSuccess: (response, where) => readJsonBody(response, where, true),
      },
      call,
    );
  /** The pool passwords a write carries, scrubbed from device text (those of 3 characters or more). */
  const poolSecrets = (pools: readonly PoolSlotBody[]): string[] =>
    pools.map((p) => p.pass).filter((pass) => pass.length >= 3);

  /**
   * A read the vendor document lists without `security`: no credential header unless one is given
   * (firmware that guards its reads; the session manager decides).
   */
  const openRead = (address: AddressInput, path: string, credential: ReadCredential, call?: CallOptions) =>
    send(address, { method: 'GET', path, credential: credential ?? null, onSuccess: json }, call);

  return {
    unlock: async (address, password, call) => {
      // The password is checked first: an empty one is refused without touching the network.
      const pw = requirePassword(password);
      return send(
        address,
        {
          method: 'POST',
          path: '/unlock',
          credential: null,
          body: { pw },
          secrets: [pw],
          isUnlock: true,
          onSuccess: (response, where) => tokenFrom(readJsonBody(response, where), where),
        },
        call,
      );
    },
    getStatus: (address, credential, call) =>
      send(address, { method: 'GET', path: '/status', credential, onSuccess: json }, call),
    createApiKey: async (address, credential, body, call) => {
      const { key, description } = requireApiKeyBody(body);
      return send(
        address,
        {
          method: 'POST',
          path: '/apikeys',
          credential,
          body: { key, description },
          secrets: [key],
          onSuccess: json,
        },
        call,
      );
    },
    listApiKeys: (address, credential, call) =>
      send(address, { method: 'GET', path: '/apikeys', credential, onSuccess: json }, call),
    deleteApiKey: async (address, credential, key, call) => {
      const checked = requireApiKey(key);
      return write(address, '/apikeys/delete', credential, call, {
        body: { key: checked },
        secrets: [checked],
      });
    },
    getSettings: (address, credential, call) =>
      send(address, { method: 'GET', path: '/settings', credential, onSuccess: json }, call),
    changePassword: async (address, credential, passwords, call) => {
      const current = requirePassword(passwords.current);
      const next = requirePassword(passwords.next);
      return write(address, '/settings', credential, call, {
        body: { password: { current, pw: next } },
        secrets: [current, next],
      });
    },
    setPools: async (address, credential, slots, call) => {
      const pools = requirePoolSlots(slots);
      return write(address, '/settings', credential, call, {
        body: { miner: { pools } },
        secrets: poolSecrets(pools),
      });
    },
    setPreset: async (address, credential, preset, call) => {
      const name = requirePresetName(preset);
      return write(address, '/settings', credential, call, {
        body: { miner: { overclock: { preset: name } } },
      });
    },
    setMinerSettings: async (address, credential, settings, call) => {
      const pools = requirePoolSlots(settings.pools);
      const preset = requirePresetName(settings.preset);
      return write(address, '/settings', credential, call, {
        body: { miner: { pools, overclock: { preset } } },
        secrets: poolSecrets(pools),
      });
    },
    getAutotunePresets: (address, credential, call) =>
      send(address, { method: 'GET', path: '/autotune/presets', credential, onSuccess: json }, call),
    getPerfSummary: (address, credential, call) => openRead(address, '/perf-summary', credential, call),
    getModel: (address, credential, call) => openRead(address, '/model', credential, call),
    getChains: (address, credential, call) => openRead(address, '/chains', credential, call),
    getFactoryInfo: (address, credential, call) =>
      openRead(address, '/chains/factory-info', credential, call),
    findMiner: (address, credential, call) => write(address, '/find-miner', credential, call),
    locateMiner: (address, credential, call) => write(address, '/locate-miner', credential, call),
    restartMining: (address, credential, call) => write(address, '/mining/restart', credential, call),
    reboot: (address, credential, call) => write(address, '/system/reboot', credential, call),
    getInfo: (address, credential, call) => openRead(address, '/info', credential, call),
    getSummary: (address, credential, call) => openRead(address, '/summary', credential, call),
    ...createNoteCalls(send),
    keptConnectionMs: (address) => transport.keptConnectionMs?.(address),
    close: () => transport.close(),
  };
}
