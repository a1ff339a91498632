/**
 * What a device's write endpoints change: its settings (a partial deep merge), pools, password, the locate
 * LED, mining restarts and reboots, with counters for tests. The only timer is a pending reboot's (between
 * the answer and going down), which close() cancels; states after a restart or reboot move with the clock
 * (miner-phases.ts), so idle devices cost nothing.
 */
import type { AuthState } from './auth-state';
import type { MinerState } from './bodies';
import type { ResolvedOptions } from './device-options';
import { fixtures } from './fixtures';
import type { JsonObject } from './fixtures';
import { planPhases, twoPhasesThenMining } from './miner-phases';
import { parsePools, samePools } from './pools';
import type { PowerState } from './power-state';
import { fieldTimeout, REAL_SIM_CLOCK } from './sim-clock';
import type { SimClock } from './sim-clock';
import type { SimPool, WriteCounts } from './types';

/** The parts of POST /settings the firmware reads (`InputConfig`); other keys are ignored, as serde does. */
const INPUT_KEYS = ['layout', 'miner', 'network', 'regional', 'ui'] as const;
/**
 * Real ms, at least, between the answer and going down, so that with `after: 0` the answer still gets out
 * before the listener closes: 100 ms on the real clock; on a fast field clock 20 ms (a 100 ms floor would
 * be a minute of field time at 600×). An `after` beyond Node's longest timer (the vendor schema allows any
 * int64, e.g. 7301636182626752) is answered as given, and the device stays `shutting-down` until then or
 * until close() (fieldTimeout caps the timer).
 */
const minRebootDelayMs = (clock: SimClock): number => (clock.scale === 1 ? 100 : 20);
/** The error text of a refused password change (the vendor documents only the `{"err"}` shape). */
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

type Refused = { ok: false; status: 400 | 500; err: string };
export type SettingsOutcome = { ok: true; restartRequired: boolean; rebootRequired: boolean } | Refused;

export interface WriteDeps {
  miner: MinerState;
  auth: AuthState;
  options: ResolvedOptions;
  /** The device's goDown(): closes the listener for s seconds. */
  goDown: (seconds: number) => Promise<void>;
  /** The overclock preset (power-state.ts). */
  power: PowerState;
  /** The device's field clock (sim-clock.ts): `now` and the timers; default the real one. */
  clock?: SimClock;
  /** Runs as the device goes down for any reboot (hardware faults that appear at a power cycle). */
  onReboot?: () => void;
}

/** How a reboot goes: a firmware update plans its own (firmware-update.ts). */
export interface RebootPlan {
  /** Runs when the device goes down (the new firmware takes over; it goes down once that is done). */
  asItGoesDown?: () => void | Promise<void>;
  /** Replaces `rebootDownSeconds` (Infinity: it never comes back while the fleet runs). */
  downSeconds?: number;
  /** Seconds before `shutting-down` begins (writing an image): the device answers and mines meanwhile. */
  firstSeconds?: number;
}

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep merge: objects merge key by key, anything else replaces; null means "not given" (InputConfig). */
function mergeInto(target: JsonObject, patch: JsonObject): void {
  for (const [key, value] of Object.entries(patch)) {
    if (value === null || value === undefined || key === '__proto__') continue;
    if (isObject(value)) {
      const inner = target[key];
      const into: JsonObject = isObject(inner) ? inner : {};
      target[key] = into;
      mergeInto(into, value);
    } else {
      target[key] = value;
    }
  }
}

/** An `overclock` patch without the preset and the PSU flag (device state, shown by GET /settings). */
function withoutPreset(overclock: unknown): unknown {
  return isObject(overclock) ? { ...overclock, preset: null, modded_psu: null } : overclock;
}

const badRequest = (err: string): Refused => ({
  ok: false,
  status: 400,
  err: `Json deserialize error: ${err}`,
});

interface CheckedSettings {
  body: JsonObject;
  change?: { current: string; pw: string };
  pools?: SimPool[];
  /** `miner.overclock.preset`. */
  preset?: string;
}

/** The shape checks of POST /settings (serde's, on real firmware): a 400 before anything is applied. */
function checkSettings(body: unknown): CheckedSettings | Refused {
  if (!isObject(body)) return badRequest('expected an object');
  for (const key of [...INPUT_KEYS, 'password']) {
    const v = body[key];
    if (v !== undefined && v !== null && !isObject(v)) return badRequest(`${key} must be an object or null`);
  }
  const checked: CheckedSettings = { body };
  const pw = body['password'];
  if (isObject(pw)) {
    const { current, pw: next } = pw;
    if (typeof current !== 'string' || typeof next !== 'string') {
      return badRequest('password needs strings current and pw');
    }
    checked.change = { current, pw: next };
  }
  const overclock = isObject(body['miner']) ? body['miner']['overclock'] : undefined;
  if (overclock !== undefined && overclock !== null && !isObject(overclock)) {
    return badRequest('miner.overclock must be an object or null');
  }
  const preset = isObject(overclock) ? overclock['preset'] : undefined;
  if (preset !== undefined && preset !== null && typeof preset !== 'string') {
    return badRequest('miner.overclock.preset must be a string or null');
  }
  if (typeof preset === 'string') checked.preset = preset;
  const pools = isObject(body['miner']) ? body['miner']['pools'] : undefined;
  if (pools !== undefined && pools !== null) {
    const parsed = parsePools(pools);
    if (typeof parsed === 'string') return { ok: false, status: 400, err: parsed };
    checked.pools = parsed;
  }
  return checked;
}

let settingsText: string | undefined;

export class DeviceWrites {
  readonly counts: WriteCounts = {
    settingsPosts: 0,
    passwordChanges: 0,
    poolChanges: 0,
    ledToggles: 0,
    miningRestarts: 0,
    reboots: 0,
    presetChanges: 0,
  };
  private configured: readonly SimPool[];
  /** Every merged change but pools and password; the fixture stays shared until a GET builds a copy. */
  private readonly overrides: JsonObject = {};
  private rebootTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly now: () => number;
  private readonly clock: SimClock;

  constructor(private readonly deps: WriteDeps) {
    this.clock = deps.clock ?? REAL_SIM_CLOCK;
    this.now = () => this.clock.now();
    this.configured = deps.options.pools;
    deps.miner.poolsInUse = this.configured;
  }

  get pools(): readonly SimPool[] {
    return this.configured;
  }

  /** GET /settings: the fixture, this device's name and address, every change merged, the pools. */
  settingsBody(host: string, hostname: string): JsonObject {
    settingsText ??= JSON.stringify(fixtures().settings);
    const body = JSON.parse(settingsText) as JsonObject;
    mergeInto(body, { network: { hostname, ipaddress: host } });
    mergeInto(body, this.overrides);
    const miner = isObject(body['miner']) ? body['miner'] : {};
    miner['pools'] = this.configured.map((p) => ({ ...p }));
    const overclock = isObject(miner['overclock']) ? miner['overclock'] : {};
    overclock['preset'] = this.deps.power.configured;
    overclock['modded_psu'] = this.deps.power.moddedPsu;
    miner['overclock'] = overclock;
    body['miner'] = miner;
    // The password is never read back.
    body['password'] = null;
    return body;
  }

  /** POST /settings: checks everything first, then applies all of it or nothing. */
  postSettings(body: unknown): SettingsOutcome {
    this.counts.settingsPosts++;
    const checked = checkSettings(body);
    if ('err' in checked) return checked;
    const { change, pools } = checked;
    if (change && change.current !== this.deps.auth.currentPassword) {
      return { ok: false, status: 500, err: WRONG_CURRENT_PASSWORD };
    }

    for (const key of INPUT_KEYS) {
      const patch = checked.body[key];
      if (!isObject(patch)) continue;
      // Pools and the preset are this device's state (GET /settings shows them), not merged settings.
      const rest =
        key === 'miner' ? { ...patch, pools: null, overclock: withoutPreset(patch['overclock']) } : patch;
      mergeInto(this.overrides, { [key]: rest });
    }
    let restartRequired = false;
    if (checked.preset !== undefined && this.deps.power.configure(checked.preset) === 'changed') {
      this.counts.presetChanges++;
      if (this.deps.options.presetAppliesAtOnce) this.restartNow();
      else {
        this.deps.miner.restartRequired = true;
        restartRequired = true;
      }
    }
    if (pools && !samePools(pools, this.configured)) {
      this.configured = pools;
      this.deps.miner.restartRequired = true;
      this.counts.poolChanges++;
      restartRequired = true;
    }
    // Network settings (address, DHCP, hostname) apply only at a reboot, as on real firmware.
    const network = checked.body['network'];
    const rebootRequired = isObject(network) && Object.keys(network).length > 0;
    if (rebootRequired) this.deps.miner.rebootRequired = true;
    if (change) this.changePassword(change.pw);
    return { ok: true, restartRequired, rebootRequired };
  }

  /** POST /find-miner and /locate-miner: both toggle the one LED. */
  toggleLed(): boolean {
    this.counts.ledToggles++;
    this.deps.miner.findMiner = !this.deps.miner.findMiner;
    return this.deps.miner.findMiner;
  }

  /**
   * POST /mining/restart: the configured pools and preset come into use; `restarting`, `starting`, then
   * `mining` (`auto-tuning` first for an untuned preset).
   */
  restartMining(): void {
    this.counts.miningRestarts++;
    this.restartNow();
  }

  /** Mining restarts now: the configured pools and preset come into use. */
  private restartNow(): void {
    const miner = this.deps.miner;
    miner.restartRequired = false;
    miner.poolsInUse = this.configured;
    const now = this.now();
    const phases = twoPhasesThenMining('restarting', 'starting', now, this.deps.options.miningRestartSeconds);
    planPhases(miner, this.deps.power.bringIntoUse(phases, now));
  }

  /**
   * POST /system/reboot: answers `after`, shows `shutting-down`, goes down `after` seconds later (a second
   * request meanwhile changes nothing). Returns `after`.
   */
  reboot(): number {
    this.counts.reboots++;
    return this.scheduleReboot(this.deps.options.rebootAfterSeconds);
  }

  /**
   * A reboot `after` seconds from now, as POST /system/reboot plans it (after `plan.firstSeconds`, when
   * given: an install first); a firmware update plans its own (RebootPlan). A reboot already planned is
   * left as it is.
   */
  scheduleReboot(after: number, plan: RebootPlan = {}): number {
    if (this.rebootTimer !== undefined || this.closed) return after;
    const shutDown = (): void => {
      planPhases(this.deps.miner, [{ state: 'shutting-down', from: this.now() }]);
      const realMs = Math.max(this.clock.realMs(after * 1000), minRebootDelayMs(this.clock));
      this.rebootTimer = fieldTimeout(
        this.clock,
        () => {
          // goDown only fails when the device was closed meanwhile: nothing is left to reboot then.
          this.goDownForReboot(plan).catch(() => undefined);
        },
        realMs * this.clock.scale,
      );
    };
    const first = plan.firstSeconds ?? 0;
    if (first > 0) this.rebootTimer = fieldTimeout(this.clock, shutDown, first * 1000);
    else shutDown();
    return after;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.rebootTimer);
    this.rebootTimer = undefined;
  }

  private changePassword(pw: string): void {
    const auth = this.deps.auth;
    // Ends every session (setPassword); API keys stay unless the device is told to drop them.
    auth.setPassword(pw);
    if (this.deps.options.passwordChangeDropsApiKeys) {
      for (const k of [...auth.apiKeys]) auth.deleteApiKey(k.key);
    }
    this.counts.passwordChanges++;
  }

  /** Down for rebootDownSeconds, then up with no sessions, the LED off and the configured pools in use. */
  private async goDownForReboot(plan: RebootPlan): Promise<void> {
    this.rebootTimer = undefined;
    if (this.closed) return;
    await plan.asItGoesDown?.();
    if (this.closed) return;
    this.deps.onReboot?.();
    const { bootSeconds } = this.deps.options;
    const rebootDownSeconds = plan.downSeconds ?? this.deps.options.rebootDownSeconds;
    const upAt = this.now() + rebootDownSeconds * 1000;
    const miner = this.deps.miner;
    this.deps.auth.expireTokens();
    miner.findMiner = false;
    miner.restartRequired = false;
    miner.rebootRequired = false;
    miner.poolsInUse = this.configured;
    miner.startedAt = upAt;
    const phases = twoPhasesThenMining('initializing', 'starting', upAt, bootSeconds);
    planPhases(miner, this.deps.power.bringIntoUse(phases, this.now()));
    await this.deps.goDown(rebootDownSeconds);
  }
}
