/**
 * One simulated device: its state, its listener, and the request pipeline
 * (record → faults → route → answer). No timers while idle; the only timers are a pending reopen after
 * goDown() and per-request latency faults, and close() cancels both.
 */
import type { RequestListener } from 'node:http';
import { AuthState } from './auth-state';
import type { MinerState } from './bodies';
import { resolveOptions } from './device-options';
import type { ResolvedOptions } from './device-options';
import { DeviceServer } from './device-server';
import { DeviceWrites } from './device-writes';
import { FaultRules } from './fault-rules';
import { FirmwareUpdates } from './firmware-update';
import { modelChipsPerBoard } from './board-bodies';
import { DeviceHardware } from './hardware';
import { PowerState } from './power-state';
import { checkHardwareFault } from './power-options';
import type { DeviceContext } from './handlers';
import { resolveIdentity } from './identity';
import type { Identity } from './identity';
import { assertLoopback } from './loopback';
import { DeviceNotes } from './notes';
import { ReadGuard } from './read-guard';
import type { GuardedReads } from './read-guard';
import { createRequestListener } from './request-pipeline';
import { fieldTimeout, REAL_SIM_CLOCK } from './sim-clock';
import type { SimClock } from './sim-clock';
import type { SiteLink } from './site-link';
import { fingerprint256, makeCertificate } from './tls';
import type { TlsMaterial } from './tls';
import type {
  FaultRule,
  FirmwareFault,
  HardwareFault,
  RecordedRequest,
  SimDevice,
  SimDeviceOptions,
  SimMetricsPatch,
  SimPool,
  SimFirmwareState,
  WriteCounts,
} from './types';

/** How the fleet hands a device its place and its share of the fleet's state. */
export interface DeviceSetup {
  id: string;
  index: number;
  fleetTag: number;
  host: string;
  port: number;
  options: SimDeviceOptions;
  /** Called with every request when recording is on (the fleet keeps the fleet-wide list). */
  onRecord?: (r: RecordedRequest) => void;
  /** The fleet's field clock (default the real one). */
  clock?: SimClock;
  /** The site link firmware uploads share (none: taken as fast as they arrive). */
  link?: SiteLink;
  /** The fleet's seed for ranged knobs (default 1). */
  drawSeed?: number;
}

const REOPEN_RETRY_MS = 200;
const REOPEN_RETRIES = 25;

export class SimDeviceImpl implements SimDevice {
  readonly id: string;
  /** The device's place in its fleet (0 first): field faults and ranged draws are keyed by it. */
  readonly index: number;
  readonly port: number;
  readonly options: ResolvedOptions;
  readonly requests: RecordedRequest[] = [];
  private currentHost: string;
  private readonly identity: Identity;
  private readonly auth: AuthState;
  private readonly miner: MinerState;
  private readonly writes: DeviceWrites;
  private readonly firmwareUpdates: FirmwareUpdates;
  private readonly hardware: DeviceHardware;
  private readonly faults = new FaultRules();
  private readonly readGuard: ReadGuard;
  /** The firmware's notes: never cleared by a reboot or an update, as on a device's own storage. */
  private readonly deviceNotes: DeviceNotes;
  private notesApiOn: boolean;
  private readonly onRequest: RequestListener;
  private tls: TlsMaterial | undefined;
  private fingerprint: string | undefined;
  private listener: DeviceServer | undefined;
  private reopenTimer: NodeJS.Timeout | undefined;
  private upWaiters: { resolve: () => void; reject: (e: Error) => void }[] = [];
  /** Latency faults in progress: close() ends them so no timer outlives the fleet. */
  private readonly delays = new Map<NodeJS.Timeout, (goOn: boolean) => void>();
  private closed = false;
  /**
   * The device's one clock (the fleet's field clock, sim-clock.ts): every state that moves with time
   * (restarts, climb, tuning, sessions, lockout, shares) is computed from it when read, and every timer
   * of the device waits on it.
   */
  private readonly clock: SimClock;
  private readonly now: () => number;
  /** Hardware faults waiting for the next reboot (`hardwareFaultsAtReboot`). */
  private atReboot: HardwareFault[];

  constructor(setup: DeviceSetup) {
    const o = setup.options;
    const clock = setup.clock ?? REAL_SIM_CLOCK;
    this.clock = clock;
    this.now = () => clock.now();
    this.atReboot = (o.hardwareFaultsAtReboot ?? []).map(checkHardwareFault);
    assertLoopback(setup.host);
    this.id = setup.id;
    this.index = setup.index;
    this.port = setup.port;
    this.currentHost = setup.host;
    this.identity = resolveIdentity(o, setup.fleetTag, setup.index);
    const opts = resolveOptions(o, setup.host, setup.port, this.identity, {
      seed: setup.drawSeed ?? 1,
      index: setup.index,
    });
    this.options = opts;
    this.auth = new AuthState(
      {
        password: opts.password,
        tokenLifetimeMs: opts.tokenLifetimeMs,
        lockoutThreshold: opts.lockoutThreshold,
        lockoutSeconds: opts.lockoutSeconds,
        ...(opts.makeToken !== undefined ? { makeToken: opts.makeToken } : {}),
      },
      this.now,
    );
    const now = this.now();
    // Devices have been running a while when a technician arrives: spread uptimes from 1 to 61 minutes.
    const startedAt = now - Math.round((60 + this.identity.seed * 3600) * 1000);
    this.miner = {
      state: opts.minerState,
      since: startedAt,
      findMiner: false,
      metrics: {},
      startedAt,
    };
    this.hardware = new DeviceHardware(
      new PowerState(opts, this.identity.seed),
      opts.hardwareFaults,
      opts.shareSeconds,
      modelChipsPerBoard(),
      opts.autoTuneShare,
      opts.hashClimbSeconds,
    );
    this.miner.hardware = this.hardware;
    this.writes = new DeviceWrites({
      miner: this.miner,
      auth: this.auth,
      options: opts,
      goDown: (seconds) => this.goDown(seconds),
      power: this.hardware.power,
      clock,
      onReboot: () => {
        for (const f of this.atReboot.splice(0)) this.hardware.faults.push(f);
      },
    });
    this.firmwareUpdates = new FirmwareUpdates(
      this.identity,
      this.writes,
      () => this.options,
      o.firmwareFault,
      () =>
        this.options.updateRotatesCertificate === true && this.tls !== undefined
          ? this.rotateCertificate()
          : Promise.resolve(),
    );
    this.readGuard = new ReadGuard(o.guardedReads);
    this.deviceNotes = new DeviceNotes(o.notes);
    this.notesApiOn = o.notesApi ?? true;
    const notesApi = (): boolean => this.notesApiOn;
    // Handlers see the current host through a getter: moveTo() changes what /info reports.
    const currentHost = (): string => this.currentHost;
    const ctx: DeviceContext = {
      profile: opts.profile,
      legacyFirmware: opts.legacyFirmware,
      apiKeyMode: opts.apiKeyMode,
      statusOnBadCredential: opts.statusOnBadCredential,
      auth: this.auth,
      identity: this.identity,
      miner: this.miner,
      writes: this.writes,
      firmware: this.firmwareUpdates,
      hardware: this.hardware,
      readGuard: this.readGuard,
      notes: this.deviceNotes,
      now: this.now,
      get host() {
        return currentHost();
      },
      get notesApi() {
        return notesApi();
      },
    };
    const onRecord = setup.onRecord;
    this.onRequest = createRequestListener({
      id: this.id,
      port: this.port,
      host: currentHost,
      ctx,
      faults: this.faults,
      record: onRecord
        ? (r) => {
            this.requests.push(r);
            onRecord(r);
          }
        : undefined,
      delay: (ms) => this.delay(ms),
      ...(setup.link !== undefined ? { link: setup.link } : {}),
    });
  }

  get host(): string {
    return this.currentHost;
  }

  get address(): string {
    return `${this.tls ? 'https' : 'http'}://${this.currentHost}:${this.port}`;
  }

  get isUp(): boolean {
    return this.listener !== undefined;
  }

  /** TCP connections accepted since the device last started listening (kept connections count once). */
  get connectionsAccepted(): number {
    return this.listener?.accepted ?? 0;
  }

  get certificateFingerprint256(): string | undefined {
    return this.fingerprint;
  }

  get apiKeys(): ReadonlyArray<{ key: string; description: string }> {
    return this.auth.apiKeys.map((k) => ({ key: k.key, description: k.description }));
  }

  get password(): string {
    return this.auth.currentPassword;
  }

  get pools(): ReadonlyArray<Readonly<SimPool>> {
    return this.writes.pools;
  }

  get ledOn(): boolean {
    return this.miner.findMiner;
  }

  get writeCounts(): Readonly<WriteCounts> {
    return { ...this.writes.counts };
  }

  get firmware(): Readonly<SimFirmwareState> {
    const state = this.firmwareUpdates.state;
    return { ...state, ...(state.lastImage !== undefined ? { lastImage: { ...state.lastImage } } : {}) };
  }

  get firmwareVersion(): string {
    return this.identity.firmwareVersion;
  }

  setFirmwareVersion(version: string): void {
    this.identity.firmwareVersion = version;
  }

  setFirmwareFault(fault: FirmwareFault | undefined): void {
    this.firmwareUpdates.fault = fault;
  }

  get preset(): string {
    return this.hardware.power.configured;
  }

  get presetInUse(): string {
    return this.hardware.power.inUse;
  }

  get moddedPsu(): boolean {
    return this.hardware.power.moddedPsu;
  }

  addHardwareFault(fault: HardwareFault): void {
    this.hardware.faults.push(checkHardwareFault(fault));
  }

  clearHardwareFaults(): void {
    this.hardware.faults.length = 0;
  }

  /** Generates the certificate if asked for, then listens. Rejects with the listen error (EADDRINUSE…). */
  async start(): Promise<void> {
    const https = this.options.https;
    if (https === true) this.setTls(await makeCertificate(this.currentHost, this.identity.hostname));
    else if (https) this.setTls({ key: https.key, cert: https.cert });
    this.listener = await this.listen(this.currentHost);
  }

  addFault(rule: FaultRule): void {
    this.faults.add(rule);
  }

  clearFaults(): void {
    this.faults.clear();
  }

  setGuardedReads(value: GuardedReads): void {
    this.readGuard.set(value);
  }

  get notes(): Readonly<Record<string, string>> {
    return this.deviceNotes.all;
  }

  setNotesApi(on: boolean): void {
    this.notesApiOn = on;
  }

  setPassword(pw: string): void {
    this.auth.setPassword(pw);
  }

  expireTokens(): void {
    this.auth.expireTokens();
  }

  setMinerState(state: string, failure?: { description: string; code?: number }): void {
    // A state set by a test replaces the states a restart or reboot had planned.
    this.miner.phases = undefined;
    this.miner.climbFrom = undefined;
    this.miner.state = state;
    this.miner.since = this.now();
    this.miner.failure = failure ? { ...failure } : undefined;
  }

  setMetrics(patch: SimMetricsPatch): void {
    this.miner.metrics = { ...this.miner.metrics, ...patch };
  }

  /** Down for `seconds` of field time; Infinity: until close() (a device that never comes back). */
  async goDown(seconds: number): Promise<void> {
    if (!(seconds >= 0)) throw new RangeError(`goDown seconds must be >= 0: ${seconds}`);
    this.assertOpen();
    clearTimeout(this.reopenTimer);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.close();
    if (this.closed || seconds === Number.POSITIVE_INFINITY) return;
    this.reopenTimer = fieldTimeout(this.clock, () => void this.reopen(REOPEN_RETRIES), seconds * 1000);
  }

  waitUntilUp(): Promise<void> {
    if (this.listener) return Promise.resolve();
    if (this.closed) return Promise.reject(new Error(`device ${this.id} is closed`));
    return new Promise((resolve, reject) => this.upWaiters.push({ resolve, reject }));
  }

  async moveTo(host: string): Promise<void> {
    assertLoopback(host);
    this.assertOpen();
    if (!this.listener) {
      // Down: the reopen will listen on the new address.
      this.currentHost = host;
      return;
    }
    // Listen on the new address first: if it is taken, the device stays where it was.
    const next = await this.listen(host);
    const old = this.listener;
    this.listener = next;
    this.currentHost = host;
    await old.close();
  }

  async rotateCertificate(): Promise<void> {
    if (!this.tls) throw new Error(`device ${this.id} does not serve https`);
    this.setTls(await makeCertificate(this.currentHost, this.identity.hostname));
    if (this.tls) this.listener?.setTls(this.tls);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.writes.close();
    clearTimeout(this.reopenTimer);
    for (const [timer, finish] of this.delays) {
      clearTimeout(timer);
      finish(false);
    }
    this.delays.clear();
    for (const w of this.upWaiters.splice(0)) w.reject(new Error(`device ${this.id} is closed`));
    const listener = this.listener;
    this.listener = undefined;
    await listener?.close();
  }

  clearRequests(): void {
    this.requests.length = 0;
  }

  private setTls(tls: TlsMaterial): void {
    this.tls = tls;
    this.fingerprint = fingerprint256(tls.cert);
  }

  private assertOpen(): void {
    if (this.closed) throw new Error(`device ${this.id} is closed`);
  }

  private listen(host: string): Promise<DeviceServer> {
    return DeviceServer.listen(host, this.port, this.tls, this.onRequest, this.options.idleConnectionMs);
  }

  private async reopen(triesLeft: number): Promise<void> {
    this.reopenTimer = undefined;
    if (this.closed || this.listener) return;
    try {
      this.listener = await this.listen(this.currentHost);
    } catch (e) {
      if (triesLeft <= 0 || this.closed) {
        for (const w of this.upWaiters.splice(0)) w.reject(e instanceof Error ? e : new Error(String(e)));
        return;
      }
      this.reopenTimer = setTimeout(() => void this.reopen(triesLeft - 1), REOPEN_RETRY_MS);
      return;
    }
    if (this.closed) {
      await this.listener.close();
      this.listener = undefined;
      return;
    }
    for (const w of this.upWaiters.splice(0)) w.resolve();
  }

  /** Waits `ms` of field time; false when the device was closed meanwhile (the request is then abandoned). */
  private delay(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = fieldTimeout(
        this.clock,
        () => {
          this.delays.delete(timer);
          resolve(true);
        },
        ms,
      );
      this.delays.set(timer, resolve);
    });
  }
}
