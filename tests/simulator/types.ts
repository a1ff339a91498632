/**
 * Public types of the device simulator. Other test suites code against these names, so they change only
 * together with their users. The behaviour behind them is described in tests/simulator/README.md.
 */

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
}

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
  miningRestartSeconds?: number;
  /** `after` of POST /system/reboot (whole seconds, the vendor default 3); the device goes down then. */
  rebootAfterSeconds?: number;
  /** How long a rebooting device refuses connections; default 2 (real devices: a minute or two). */
  rebootDownSeconds?: number;
  /** After a reboot's downtime: `initializing` for the first half, `starting` for the rest. Default 2. */
  bootSeconds?: number;
}

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
  readonly options: Readonly<SimDeviceOptions>;
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
  /** Closes the listener (connection refused) and reopens after N s; resolves once the device is down. */
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
}
