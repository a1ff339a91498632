/**
 * Public types of the device simulator. Other test suites code against these names, so they change only
 * together with their users. The behaviour behind them is described in tests/simulator/README.md.
 */

import type { GuardedReads } from './read-guard';

export type { GuardedReads } from './read-guard';

/** `spec`: only what miner-device-http-api.md states. `field`: like real Vnish/AnthillOS firmware. */
export type Profile = 'spec' | 'field';

export type Fault =
  | { kind: 'latency'; ms: number }
  | { kind: 'hang' }
  | { kind: 'reset-mid-body' }
  | { kind: 'http-500'; err?: string }
  | { kind: 'malformed-json' }
  | { kind: 'huge-body'; bytes?: number }
  | { kind: 'html' }
  | { kind: 'status'; code: number; body?: string; headers?: Record<string, string> }
  /** The request is carried out (a write is applied), then no answer ever comes: a lost answer. */
  | { kind: 'hang-after-apply' }
  /** The request is carried out, then the connection is closed without any answer. */
  | { kind: 'drop-after-apply' };

/**
 * A fault applies to requests whose path (without query) is in `paths` and whose method is in `methods`
 * (both: all when absent), `times` times (forever when absent). Latency rules add up; the first other
 * matching rule decides the answer.
 */
export interface FaultRule {
  fault: Fault;
  paths?: string[];
  methods?: string[];
  times?: number;
}

export type ApiKeyMode = 'status-object' | 'bare-string' | 'device-generated' | 'refuse';

export type StatusOnBadCredential = '401' | 'unlocked-false';

/** One of the three pool slots of `miner.pools` in /settings; an unused slot has three empty strings. */
export interface SimPool {
  url: string;
  user: string;
  pass: string;
}

/** Writes a device carried out (or refused), counted even when requests are not recorded. */
export interface WriteCounts {
  /** POST /settings requests that reached the device (past faults and credentials), refused ones too. */
  settingsPosts: number;
  /** Password changes applied (right `current`). */
  passwordChanges: number;
  /** Pool changes applied that differed from the pools configured before. */
  poolChanges: number;
  /** POST /find-miner and /locate-miner. */
  ledToggles: number;
  miningRestarts: number;
  reboots: number;
  /** Overclock presets applied through POST /settings (another preset than the one configured). */
  presetChanges: number;
}

/**
 * One autotune preset a device lists (`GET /autotune/presets`). `status` (tuned or not) is the device's
 * state (`tunedPresets`, and presets it tuned since), not part of the list.
 */
export interface SimPreset {
  /** A watt figure ("3200") or `disabled`. */
  name: string;
  /** "3200 watt ~ 180 TH". */
  pretty: string;
  /** Default false. */
  moddedPsuRequired?: boolean;
  /** `tune_settings` to list while the preset is untuned (the recorded `disabled` entry has one). */
  tuneSettings?: unknown;
}

/**
 * What is wrong with a device's hardware, for acceptance tests: each shows in `/chains`, `/summary` (and
 * the fan in `/summary` cooling) the way real firmware shows it. Boards are counted from 0 in list order.
 */
export type HardwareFault =
  /** `chips` chips (default 3) of board `board` (default 0) hash nothing: `hr` 0, graded red. */
  | { kind: 'dead-chips'; board?: number; chips?: number }
  /** Board `board` (default the last) is not detected: absent from /chains and /summary. */
  | { kind: 'missing-board'; board?: number }
  /** The device hashes at `factor` (default 0.8) of its nominal rate; nominal unchanged. */
  | { kind: 'low-hash-rate'; factor?: number }
  /** The active pool rejects `percent` (default 10) % of the shares sent. */
  | { kind: 'rejecting-pool'; percent?: number }
  /** Board `board` (default 0) reports `state` (`failure`, `disconnected`, `stopped`…) and hashes nothing. */
  | { kind: 'board-state'; board?: number; state: string }
  /** Fan `fan` (default 0) stands still (0 rpm). */
  | { kind: 'fan-stopped'; fan?: number };

/**
 * What goes wrong with a firmware update (`POST /api/v1/firmware/update`, README "Firmware"):
 * `upload-refused` answers 500 `{"err"}` (default text "Not enough memory to update the firmware");
 * `old-version` reboots and comes back on the version it had; `never-back` goes down for good;
 * `slow-upload` reads the upload at `bytesPerSecond`.
 */
export type FirmwareFault =
  | { kind: 'upload-refused'; err?: string }
  | { kind: 'old-version' }
  | { kind: 'never-back' }
  | { kind: 'slow-upload'; bytesPerSecond: number };

/** What a device did with firmware uploads, for tests (counted even when requests are not recorded). */
export interface SimFirmwareState {
  /** Uploads that reached the handler (past faults and credentials), refused ones too. */
  uploads: number;
  /** Images it took (answered 200 and rebooted into). */
  updates: number;
  /** `keep_settings` of the last image it took. */
  lastKeepSettings?: boolean;
  /** The last image it took: the version and model of its first line, its size and file name. */
  lastImage?: { version: string; model: string; bytes: number; filename?: string };
}

/**
 * `[min, max]`: each device draws its own value in the range, fixed by the fleet's `seed`, its index and
 * the knob (ranges.ts); `device.options` shows the value drawn.
 */
export type SimRange = readonly [min: number, max: number];

/** The knobs that take a `SimRange`. */
export type RangedKnob =
  | 'installSeconds'
  | 'miningRestartSeconds'
  | 'rebootDownSeconds'
  | 'bootSeconds'
  | 'hashClimbSeconds'
  | 'autoTuneSeconds'
  | 'autoTuneShare';

export interface SimDeviceOptions {
  /** Loopback address (127.0.0.0/8); allocated by the fleet when absent. */
  host?: string;
  /** Defaults to the fleet's port. */
  port?: number;
  /** Default 'field'. */
  profile?: Profile;
  /** Default 'admin' (the factory default of real devices). */
  password?: string;
  /** Default: tokens never expire. */
  tokenLifetimeMs?: number;
  /**
   * Makes each session token `POST /unlock` hands out; default 32 alphanumerics (real tokens). For tokens
   * real firmware could give: with a space (`() => 'abc def ' + n++`), or ones HTTP cannot carry back.
   */
  makeToken?: () => string;
  /**
   * `GET /status` with a wrong, expired or revoked credential (field profile): `'401'` (default, an empty
   * 401) or `'unlocked-false'` (200 with `unlocked: false`, the only answer the vendor document declares).
   */
  statusOnBadCredential?: StatusOnBadCredential;
  /** Wrong passwords in a row (each answered 403) that start a lockout; default 5; 0 disables lockout. */
  lockoutThreshold?: number;
  /** Default 30; while locked every unlock gets 429 {"unlock_timeout": <seconds left>}. */
  lockoutSeconds?: number;
  /** Older firmware: error answers carry no body; POST /apikeys answers the bare JSON string "inserted". */
  legacyFirmware?: boolean;
  /** How POST /apikeys answers; default 'status-object' ('bare-string' with legacyFirmware). */
  apiKeyMode?: ApiKeyMode;
  /** Serve TLS with a self-signed certificate (generated when true). */
  https?: boolean | { key: string; cert: string };
  mac?: string;
  hostname?: string;
  /** The human model name (`miner` in /info), e.g. 'Antminer S21 Pro'. */
  model?: string;
  firmwareVersion?: string;
  serial?: string;
  /** Default 'mining'. */
  minerState?: string;
  /**
   * How long the device keeps an idle keep-alive connection (it announces it as `Keep-Alive: timeout`).
   * Default 5,000 ms, the default of Node's and actix-web's servers; what real firmware does is unknown
   * (field-notes.md), so the monitor benchmark runs both this and a device that keeps connections longer.
   */
  idleConnectionMs?: number;
  /** The three pool slots configured at start; default the real device's pools (settings fixture). */
  pools?: SimPool[];
  /** A password change (POST /settings) also deletes every API key; default false (keys are kept). */
  passwordChangeDropsApiKeys?: boolean;
  /** POST /mining/restart: `restarting` for the first half, `starting` for the rest, then `mining`. Default 2. */
  miningRestartSeconds?: number | SimRange;
  /** `after` of POST /system/reboot (whole seconds, the vendor default 3); the device goes down then. */
  rebootAfterSeconds?: number;
  /** How long a rebooting device refuses connections; default 2 (real devices: a minute or two). */
  rebootDownSeconds?: number | SimRange;
  /** After a reboot's downtime: `initializing` for the first half, `starting` for the rest. Default 2. */
  bootSeconds?: number | SimRange;
  /** A firmware update fault from the start (`setFirmwareFault` changes it). */
  firmwareFault?: FirmwareFault;
  /**
   * A taken firmware image is written for this long before the device reboots into it (field: 60–120 s);
   * it answers and mines on the old firmware meanwhile. Default 0 (today's: reboots `after` the answer).
   */
  installSeconds?: number | SimRange;
  /**
   * true: the answer to the upload comes once the image is written (`{"after": rebootAfterSeconds}`, as
   * the vendor's wording "Firmware update successfully" reads). Default false: it answers once the upload
   * is in, with `after` = install plus `rebootAfterSeconds` (README "Field clock").
   */
  installHoldsAnswer?: boolean;
  /**
   * Hardware faults that appear when the device next goes down for a reboot (a board not detected, a fan
   * that does not spin up again after the power cycle); once.
   */
  hardwareFaultsAtReboot?: HardwareFault[];
  /** https: a firmware update brings a new self-signed certificate (as it goes down). Default false. */
  updateRotatesCertificate?: boolean;
  /** The autotune presets listed; default the recorded S21 Pro list (S19 devices: a simulated list). */
  presets?: SimPreset[];
  /** The preset configured and in use at start; default '2800' (the recorded perf-summary's). */
  preset?: string;
  /** Presets already tuned at start; default the start preset only. */
  tunedPresets?: string[];
  /** `miner.overclock.modded_psu`: presets that need a modified PSU are refused without it. Default false. */
  moddedPsu?: boolean;
  /** How long `auto-tuning` lasts once an untuned preset comes into use; default 60 (real: tens of minutes). */
  autoTuneSeconds?: number | SimRange;
  /** The hash rate while `auto-tuning`, as a share of the preset's (0–1); default 0.85. */
  autoTuneShare?: number | SimRange;
  /**
   * After a mining restart or reboot, how long the hash rate climbs from a tenth of its rate to all of it
   * once hashing begins (real devices: minutes); default 0 (at once).
   */
  hashClimbSeconds?: number | SimRange;
  /**
   * Spreads this device's `miningRestartSeconds`, `bootSeconds`, `hashClimbSeconds` and `autoTuneSeconds`
   * by up to ± this share (0–1), the same for one device every time (from its seed); default 0.
   */
  timingJitter?: number;
  /**
   * A preset change takes effect at once (the firmware restarts mining by itself; the answer says
   * `restart_required: false`). Default false: it is configured, `restart_required: true`, and used from
   * the next mining restart or reboot.
   */
  presetAppliesAtOnce?: boolean;
  /** POST /settings answers as usual but never applies a preset: only a read-back tells. Default false. */
  ignorePresetWrites?: boolean;
  /** One accepted share every N seconds on the active pool; default 10. */
  shareSeconds?: number;
  /** Hardware faults at start (see HardwareFault); `addHardwareFault` adds more later. */
  hardwareFaults?: HardwareFault[];
  /**
   * Firmware that guards the reads the vendor lists as anonymous (field profile; read-guard.ts): `true`,
   * every GET under `/api/v1` that answers without a credential (`/info`, `/summary`, `/status`,
   * `/perf-summary`, `/model`, `/chains`, `/chains/factory-info`) answers an empty 401 without a valid
   * one; a list, only those paths. Default false. `setGuardedReads` changes it.
   */
  guardedReads?: GuardedReads;
  /**
   * False: firmware without the notes API (the oldest), 404 on every `/api/v1/notes` path; default true
   * (field profile; README "Notes"). `setNotesApi` changes it; the field fault `no-notes-api` sets it.
   */
  notesApi?: boolean;
  /** Notes the device has at start (`GET /api/v1/notes`), e.g. another tool's or a hostile text. */
  notes?: Readonly<Record<string, string>>;
}

/** A device's options as it has them: ranges drawn to numbers. */
export type SimDeviceSettings = Omit<SimDeviceOptions, RangedKnob> & { [K in RangedKnob]?: number };

export interface RecordedRequest {
  deviceId: string;
  host: string;
  port: number;
  method: string;
  /** The request target as sent: path plus any query string. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  rawHeaders: string[];
  body: string;
  time: number;
}

export interface SimMetricsPatch {
  chipTempMax?: number;
  hashRateFactor?: number;
  powerW?: number;
}

export interface SimDevice {
  readonly id: string;
  readonly host: string;
  readonly port: number;
  /** e.g. 'http://127.31.0.5:18123' (https:// when TLS). */
  readonly address: string;
  /** The device's options with every default filled in and every range drawn (its own figures). */
  readonly options: Readonly<SimDeviceSettings>;
  readonly requests: RecordedRequest[];
  /** False between goDown() and the reopen. */
  readonly isUp: boolean;
  /** TCP connections accepted since the device last started listening (kept connections count once). */
  readonly connectionsAccepted: number;
  addFault(rule: FaultRule): void;
  clearFaults(): void;
  /** Password changed on the device: also invalidates every token. */
  setPassword(pw: string): void;
  expireTokens(): void;
  /** 'failure' with `failure` adds description and failure_code to /status. */
  setMinerState(state: string, failure?: { description: string; code?: number }): void;
  setMetrics(patch: SimMetricsPatch): void;
  /**
   * Closes the listener (connection refused) and reopens after N field seconds (Infinity: not before
   * close()); resolves once the device is down.
   */
  goDown(seconds: number): Promise<void>;
  /** Resolves when the device listens again (at once when it is up). */
  waitUntilUp(): Promise<void>;
  /** Address change: stop listening on the old host, listen on the new one (same MAC). */
  moveTo(host: string): Promise<void>;
  /** https only: a new self-signed certificate for every new connection. */
  rotateCertificate(): Promise<void>;
  /** https only, like node's fingerprint256: 'AB:CD:...'. */
  readonly certificateFingerprint256?: string;
  readonly apiKeys: ReadonlyArray<{ key: string; description: string }>;
  /** The password the device has now (after any change through POST /settings). */
  readonly password: string;
  /** The pools configured (GET /settings); the miner uses them after the next mining restart or reboot. */
  readonly pools: ReadonlyArray<Readonly<SimPool>>;
  /** The locate LED, as `/status.find_miner` shows it. */
  readonly ledOn: boolean;
  readonly writeCounts: Readonly<WriteCounts>;
  /** Firmware updates: uploads and images taken (README "Firmware"). */
  readonly firmware: Readonly<SimFirmwareState>;
  /** The firmware version `/info` reports now. */
  readonly firmwareVersion: string;
  /** Sets the firmware version `/info` reports (e.g. to run a rollout again on the same fleet). */
  setFirmwareVersion(version: string): void;
  /** The firmware update fault from now on; undefined clears it. */
  setFirmwareFault(fault: FirmwareFault | undefined): void;
  /** The overclock preset configured (`GET /settings` → `miner.overclock.preset`). */
  readonly preset: string;
  /** The preset the miner runs (`/perf-summary` → `current_preset`): the configured one after a restart. */
  readonly presetInUse: string;
  readonly moddedPsu: boolean;
  addHardwareFault(fault: HardwareFault): void;
  clearHardwareFaults(): void;
  /** Guards the anonymous reads from now on (see `SimDeviceOptions.guardedReads`); false lifts it. */
  setGuardedReads(value: GuardedReads): void;
  /** The notes the device keeps now (README "Notes"). */
  readonly notes: Readonly<Record<string, string>>;
  /** Gives the firmware its notes API (true) or takes it away (false: 404 on every `/notes` path). */
  setNotesApi(on: boolean): void;
}

export interface Fleet {
  readonly devices: SimDevice[];
  /** All devices, in arrival order. */
  readonly requests: RecordedRequest[];
  /** Empties the fleet's and every device's list, in place. */
  clearRequests(): void;
  addDevice(opts?: SimDeviceOptions): Promise<SimDevice>;
  device(idOrHost: string): SimDevice | undefined;
  /** Closes every server and socket (hung ones too) without waiting for clients. */
  close(): Promise<void>;
  /** How many field milliseconds pass in one real one (`timeScale`, default 1). */
  readonly timeScale: number;
  /**
   * The real epoch ms at which the fleet's field clock started (field time = real time then). Minerdeck's
   * `scaledClock(fleet.timeScale, fleet.clockStartMs)` reads the same field time as the devices.
   */
  readonly clockStartMs: number;
  /** Field time now, epoch ms: the devices' clock. */
  now(): number;
  /** The site link's figures so far (undefined without a `link`). */
  linkStats(): LinkStats | undefined;
  /** Every upload that passed the site link: who, started and ended (field epoch ms). */
  linkTimeline(): LinkUpload[];
  /** Which device got which field fault (`fieldFaults` option), in device order; empty without it. */
  fieldFaults(): FieldFaultPick[];
}

/** The site link firmware uploads share (site-link.ts; README "Site link"). */
export interface SiteLinkOptions {
  /** The site's link into the hall, Mbit/s; default 1000. */
  siteMbps?: number;
  /** The most one device takes, Mbit/s; default 200. */
  deviceMbps?: number;
  /** Count every upload as this many bytes, whatever was sent (a small image modelling a 64 MB one). */
  chargeBytes?: number;
}

export interface LinkStats {
  siteMbps: number;
  deviceMbps: number;
  chargeBytes?: number;
  /** Uploads whose bytes all passed. */
  uploads: number;
  /** Uploads cut before their bytes passed (the client left, the fleet closed). */
  cut: number;
  inFlight: number;
  /** Bytes carried (charged sizes), of finished, cut and running uploads alike. */
  bytesCharged: number;
  /** Field ms during which at least one upload was on the link. */
  busyFieldMs: number;
  /** The most uploads on the link at once. */
  peakConcurrent: number;
  /** Field epoch ms of the first upload's start and the last one's end. */
  firstStartAt?: number;
  lastEndAt?: number;
}

/** One upload that passed the site link (SiteLink.timeline): field epoch ms. */
export interface LinkUpload {
  /** The device's host. */
  label?: string;
  startAt: number;
  endAt: number;
}

/** Field faults (field-faults.ts; README "Field faults"). */
export type FieldFaultKind = 'old-version' | 'board-lost' | 'fan-stopped' | 'never-back' | 'no-notes-api';

/** Firmware without the notes API (field fault `no-notes-api`: the device's `notesApi: false`). */
export interface NotesFault {
  kind: 'no-notes-api';
}

export interface FieldFaultOptions {
  /** The same seed picks the same devices (by index) for the same count and rates. */
  seed: number | string;
  /** The share of devices (0–1) that get each fault; defaults in FIELD_FAULT_RATES. */
  rates?: Partial<Record<FieldFaultKind, number>>;
}

export interface FieldFaultPick {
  deviceId: string;
  index: number;
  host: string;
  kind: FieldFaultKind;
  /** The fault as the device has it: a firmware fault, a hardware fault that appears at its reboot, or no notes API. */
  fault: FirmwareFault | HardwareFault | NotesFault;
}

export interface FleetOptions {
  /** Number of devices; default `devices.length`, else 1. */
  count?: number;
  /** Per-device options for the first devices, merged over `defaults`. */
  devices?: SimDeviceOptions[];
  defaults?: SimDeviceOptions;
  /** Default: a random free port in 20000-60000. */
  port?: number;
  /** First hosts as 'a.b.c' (devices at a.b.c.1, .2 …) or a full address; default a random 127.x block. */
  hostBase?: string;
  /** Default true. Benchmarks with long runs may turn recording off to keep memory flat. */
  recordRequests?: boolean;
  /**
   * The field clock runs this many times faster than real time from the fleet's start (>= 1; default 1):
   * every device's clock and every simulator timer (README "Field clock").
   */
  timeScale?: number;
  /** Fixes the per-device draws of ranged knobs (`[min, max]`); default 1. */
  seed?: number;
  /** Firmware uploads share one site link (default: none, uploads are taken as fast as they arrive). */
  link?: SiteLinkOptions;
  /** Field faults picked by a seed at field rates. */
  fieldFaults?: FieldFaultOptions;
}
