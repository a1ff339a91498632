/**
 * Bodies of the read endpoints, built from real payloads (fixtures.ts) and the device's state. Values move
 * with the clock, not with timers: an idle fleet of thousands costs no CPU.
 */
import { fixtures } from './fixtures';
import type { JsonObject } from './fixtures';
import { versionAtLeast } from './identity';
import type { Identity } from './identity';
import { climbShare } from './device-timing';
import { HASHING_STATES, settlePhases } from './miner-phases';
import type { MinerPhase } from './miner-phases';
import { summaryPools } from './pools';
import type { DeviceHardware } from './hardware';
import { stopFans, summaryChains } from './hardware';
import type { SimMetricsPatch, SimPool } from './types';

export interface MinerState {
  state: string;
  /** When the current state began (ms), for `miner_state_time`. */
  since: number;
  failure?: { description: string; code?: number };
  findMiner: boolean;
  metrics: SimMetricsPatch;
  /** When the device (re)started (ms), for `system.uptime`. */
  startedAt: number;
  /** States still to come after a mining restart or reboot (miner-phases.ts); applied as bodies are built. */
  phases?: MinerPhase[];
  /** When hashing began after the last restart or reboot (ms): the hash rate climbs from then on. */
  climbFrom?: number;
  /** Pools changed since the last mining restart: `/status.restart_required`. */
  restartRequired?: boolean;
  /** Network settings changed since the last reboot: `/status.reboot_required` (they apply at a reboot). */
  rebootRequired?: boolean;
  /** The pools the miner works with (from the last restart); absent: the fixture's. */
  poolsInUse?: readonly SimPool[];
  /** The preset in use and hardware faults (hardware.ts); absent: the recorded numbers as they are. */
  hardware?: DeviceHardware;
}

/** Fixture text by object: JSON.parse of the text copies a fixture twice as fast as structuredClone. */
const fixtureText = new WeakMap<JsonObject, string>();

function clone(value: JsonObject): JsonObject {
  let text = fixtureText.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    fixtureText.set(value, text);
  }
  return JSON.parse(text) as JsonObject;
}

function asObject(value: unknown): JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : {};
}

function asArray(value: unknown): JsonObject[] {
  return Array.isArray(value) ? value.map(asObject) : [];
}

const num = (value: unknown): number => (typeof value === 'number' ? value : 0);
const round2 = (n: number): number => Math.round(n * 100) / 100;

function uptime(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

export function infoBody(id: Identity, host: string, miner: MinerState, now: number): JsonObject {
  const f = fixtures();
  const body = clone(versionAtLeast(id.firmwareVersion, '1.2.7') ? f.infoS21 : f.infoS19);
  body['miner'] = id.model;
  body['model'] = id.modelId;
  body['fw_version'] = id.firmwareVersion;
  body['serial'] = id.serial;
  const system = asObject(body['system']);
  system['uptime'] = uptime(now - miner.startedAt);
  const net = asObject(system['network_status']);
  net['mac'] = id.mac;
  net['ip'] = host;
  net['hostname'] = id.hostname;
  return body;
}

export function statusBody(id: Identity, miner: MinerState, unlocked: boolean, now: number): JsonObject {
  settlePhases(miner, now);
  const body: JsonObject = {
    ...clone(fixtures().status),
    miner_state: miner.state,
    miner_state_time: Math.floor((now - miner.since) / 1000),
    find_miner: miner.findMiner,
    unlocked,
  };
  // The vendor's StatusPane includes SaveConfigResult: both flags are always there (the fixture's false).
  if (miner.restartRequired) body['restart_required'] = true;
  if (miner.rebootRequired) body['reboot_required'] = true;
  // Optional fields are left out, not null, as on real devices.
  if (miner.failure) {
    body['description'] = miner.failure.description;
    if (miner.failure.code !== undefined) body['failure_code'] = miner.failure.code;
  }
  if (versionAtLeast(id.firmwareVersion, '1.2.7')) body['throttled'] = false;
  return body;
}

/**
 * The recorded summary was taken while its device was `auto-tuning`, at 88.5 % of nominal; a device that has
 * finished tuning hashes at about nominal. This scales the recorded rates (device and boards alike) up to
 * nominal; `auto-tuning` takes its own share off again (hardware.ts, `autoTuneShare`).
 */
function atNominal(recorded: JsonObject): number {
  const realtime = num(recorded['hr_realtime']);
  const nominal = num(recorded['hr_nominal']);
  return realtime > 0 && nominal > 0 ? nominal / realtime : 1;
}

export function summaryBody(id: Identity, miner: MinerState, now: number): JsonObject {
  settlePhases(miner, now);
  const body = clone(fixtures().summary);
  const m = asObject(body['miner']);
  body['miner'] = m;
  const hashing = HASHING_STATES.has(miner.state);
  const hw = miner.hardware;
  const chainCount = asArray(m['chains']).length;
  // Boards absent, failed or with dead chips take their part of the hash rate and power away.
  const boardsShare = hw?.boardsShare(chainCount) ?? 1;
  // Per-device spread (power ±5 %, hash rate 98–103 % of nominal) and a slow ±1.5 % wobble so charts move
  // between polls: a healthy `mining` device stays ≥ 96.5 % of nominal, as a tuned one does.
  const variation = 0.95 + id.seed * 0.1;
  const hashVariation = 0.98 + id.seed * 0.05;
  const jitter = 1 + 0.015 * Math.sin(now / 9000 + id.seed * 2 * Math.PI);
  const factor = hashing
    ? atNominal(m) *
      hashVariation *
      (miner.metrics.hashRateFactor ?? 1) *
      (hw?.rateScale(miner.state) ?? 1) *
      climbShare(miner.climbFrom, hw?.climbSeconds ?? 0, now) *
      boardsShare
    : 0;
  const nominalScale = hw?.nominalScale() ?? 1;
  if (nominalScale !== 1) m['hr_nominal'] = round2(num(m['hr_nominal']) * nominalScale);

  m['miner_status'] = { miner_state: miner.state, miner_state_time: Math.floor((now - miner.since) / 1000) };
  m['miner_type'] = `${id.model} (Vnish ${id.firmwareVersion})`;
  m['hr_realtime'] = round2(num(m['hr_realtime']) * factor * jitter);
  m['instant_hashrate'] = round2(num(m['instant_hashrate']) * factor * jitter);
  m['hr_average'] = round2(num(m['hr_average']) * factor);
  m['average_hashrate'] = round2(num(m['average_hashrate']) * factor);

  const offset = Math.round(id.seed * 6 - 3);
  const chipMax = miner.metrics.chipTempMax ?? num(asObject(m['chip_temp'])['max']) + offset;
  m['chip_temp'] = { min: chipMax - 11, max: chipMax };
  const pcb = asObject(m['pcb_temp']);
  m['pcb_temp'] = { min: num(pcb['min']) + offset, max: num(pcb['max']) + offset };

  const powerScale = (hw?.power.powerScale() ?? 1) * boardsShare;
  const power =
    miner.metrics.powerW ?? (hashing ? Math.round(num(m['power_consumption']) * variation * powerScale) : 0);
  m['power_consumption'] = power;
  m['power_usage'] = power;
  const ths = num(m['hr_realtime']) / 1000;
  m['power_efficiency'] = ths > 0 ? round2(power / ths) : 0;

  const chains = asArray(m['chains']);
  // Each board's own part is applied below (summaryChains); the device-wide share is not its own.
  const boardFactor = boardsShare > 0 ? factor / boardsShare : 0;
  chains.forEach((chain, i) => {
    chain['hashrate_rt'] = round2(num(chain['hashrate_rt']) * boardFactor * jitter);
    chain['power_consumption'] = Math.round(power / Math.max(chains.length, 1));
    // The hottest board carries the device's max; the others sit a degree or two below.
    const max = chipMax - (i === 0 ? 0 : i);
    chain['chip_temp'] = { min: max - 10, max };
    chain['status'] = { state: hashing ? 'mining' : miner.state };
  });
  m['chains'] = hw === undefined ? chains : summaryChains(chains, hw, nominalScale);
  if (hw !== undefined) stopFans(asObject(m['cooling']), hw);

  // Shares keep coming while the device mines: a 10 s cadence is enough for a live view.
  const shares = hashing ? Math.floor((now - miner.startedAt) / ((hw?.shareSeconds ?? 10) * 1000)) : 0;
  const rejected = Math.floor((shares * (hw?.rejectPercent() ?? 0)) / 100);
  const pools = miner.poolsInUse ? summaryPools(asArray(m['pools']), miner.poolsInUse) : asArray(m['pools']);
  for (const pool of pools) {
    if (pool['status'] !== 'active') continue;
    // A rejecting pool is the site's own; the firmware's fee pool keeps accepting.
    const refused = pool['pool_type'] === 'DevFee' ? 0 : rejected;
    pool['accepted'] = num(pool['accepted']) + shares - refused;
    if (refused > 0) pool['rejected'] = num(pool['rejected']) + refused;
  }
  m['pools'] = pools;
  return body;
}
