/**
 * Bodies of `GET /model`, `/chains`, `/chains/factory-info` and `/perf-summary`. No device of these was
 * recorded for the first three, so they are shaped by the vendor OpenAPI 1.2.6 schemas
 * (`MinerModelInfo`, `AntmChainChips`, `FactoryInfoReply`) and built from the recorded summary: `/chains`
 * is derived from this very moment's `/summary`, so both always agree (boards, hash rates, chip grades,
 * temperatures). `/perf-summary` is the recorded one with this device's preset in use.
 */
import { summaryBody } from './bodies';
import type { MinerState } from './bodies';
import { fixtures } from './fixtures';
import type { JsonObject } from './fixtures';
import type { DeviceHardware } from './hardware';
import type { Identity } from './identity';

const num = (value: unknown): number => (typeof value === 'number' ? value : 0);
const obj = (value: unknown): JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : {};
const list = (value: unknown): JsonObject[] => (Array.isArray(value) ? value.map(obj) : []);

/** The boards the model has: the recorded summary lists three. */
export function modelBoardCount(): number {
  return list(obj(fixtures().summary['miner'])['chains']).length;
}

/** Chips per board: the recorded summary's chip grades add up to 65 per board (S21 Pro). */
export function modelChipsPerBoard(): number {
  const first = list(obj(fixtures().summary['miner'])['chains'])[0];
  const statuses = obj(first?.['chip_statuses']);
  return num(statuses['red']) + num(statuses['orange']) + num(statuses['grey']) || 65;
}

export function modelBody(id: Identity, chipsPerBoard: number): JsonObject {
  return {
    full_name: id.model,
    model: id.modelId,
    algorithm: 'sha256d',
    series: id.modelId.startsWith('s19') ? 'x19' : 'x21',
    platform: 'aml',
    install_type: 'nand',
    hr_measure: 'GH/s',
    serial: id.serial,
    chain: {
      num_chains: modelBoardCount(),
      chips_per_chain: chipsPerBoard,
      chips_per_domain: 5,
      topology: { chips: [], num_cols: 5, num_rows: Math.ceil(chipsPerBoard / 5) },
    },
    cooling: {
      fan_min_count: { min: 1, max: 4, default: 4 },
      min_fan_pwm: 10,
      min_target_temp: 40,
      max_target_temp: 90,
    },
    overclock: {
      max_voltage: 1500,
      min_voltage: 1100,
      default_voltage: 1300,
      max_freq: 800,
      min_freq: 100,
      default_freq: 495,
      warn_freq: 700,
      max_voltage_stock_psu: 1400,
    },
  };
}

/** A number in [0, 1) that is the same for one chip of one device every time. */
const spread = (seed: number, board: number, chip: number): number =>
  (seed * 7.31 + board * 0.618 + chip * 0.1327) % 1;

/** `GET /chains`: each board of this moment's `/summary`, with its chips. */
export function chainsBody(id: Identity, miner: MinerState, now: number): JsonObject[] {
  const hw = miner.hardware;
  const chipsPerBoard = hw?.chipsPerBoard ?? modelChipsPerBoard();
  const chains = list(obj(summaryBody(id, miner, now)['miner'])['chains']);
  return chains.map((chain, b) => {
    const statuses = obj(chain['chip_statuses']);
    const red = num(statuses['red']);
    const orange = num(statuses['orange']);
    const temps = obj(chain['chip_temp']);
    const low = num(temps['min']);
    const high = num(temps['max']);
    const hashing = chipsPerBoard - red;
    const perChip = hashing > 0 ? num(chain['hashrate_rt']) / hashing : 0;
    const chips = Array.from({ length: chipsPerBoard }, (_, c) => {
      const s = spread(id.seed, b, c);
      // Red chips first (the dead ones), then the orange ones: the grades the summary counted.
      const grade = c < red ? 'red' : c < red + orange ? 'orange' : 'grey';
      return {
        id: c,
        hr: grade === 'red' ? 0 : Math.round(perChip * (0.97 + s * 0.06) * 100) / 100,
        freq: num(chain['frequency']),
        volt: num(chain['voltage']),
        // The last chip is the board's hottest: the summary's max is a chip's temperature.
        temp: c === chipsPerBoard - 1 ? high : Math.round(low + (high - low) * s),
        errs: grade === 'grey' ? 0 : Math.round(s * 20),
        grade,
        throttled: false,
      };
    });
    return {
      id: num(chain['id']),
      status: obj(chain['status']),
      hr_realtime: num(chain['hashrate_rt']),
      hr_nominal: num(chain['hashrate_ideal']),
      freq: num(chain['frequency']),
      sensors: [],
      chips,
    };
  });
}

/** `GET /chains/factory-info`: the stock hash rate and a serial per board present. */
export function factoryInfoBody(id: Identity, hw: DeviceHardware | undefined): JsonObject {
  const m = obj(fixtures().summary['miner']);
  const chains = list(m['chains']);
  const shares = hw?.boards(chains.length);
  const stock = num(m['hr_stock']);
  return {
    has_pics: true,
    hr_stock: stock,
    psu_model: 'APW17',
    psu_serial: `PSU${id.mac.replace(/:/g, '').slice(-6)}`,
    chains: chains.flatMap((chain, b) =>
      shares?.[b]?.present === false
        ? []
        : [
            {
              id: num(chain['id']),
              board_model: id.modelId.startsWith('s19') ? 'BHB42601' : 'BHB68606',
              serial: `BRD${id.mac.replace(/:/g, '').slice(-6)}${b}`,
              chip_bin: 1,
              freq: 490,
              volt: 1300,
              hashrate: Math.round((stock / chains.length) * 100) / 100,
            },
          ],
    ),
  };
}

/** `GET /perf-summary`: the recorded body with this device's preset in use. */
export function perfSummaryBody(hw: DeviceHardware, now: number): JsonObject {
  return { ...fixtures().perfSummary, current_preset: hw.power.currentPresetBody(now) };
}
