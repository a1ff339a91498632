/**
 * A device's overclock preset: the one configured (`GET /settings` → `miner.overclock.preset`), the one
 * the miner runs (`/perf-summary` → `current_preset`), which presets are tuned, and a tuning in progress.
 * An untuned preset that comes into use makes the device tune itself (`auto-tuning`) for
 * `autoTuneSeconds`, after which it is tuned. Everything moves with the clock: no timers.
 *
 * Hash rate and power scale with the preset in use relative to the start preset, so a device that never
 * changes preset answers exactly the recorded numbers.
 */
import type { JsonObject } from './fixtures';
import type { MinerPhase } from './miner-phases';
import type { PowerOptions } from './power-options';
import { presetNumbers } from './presets';
import type { SimPreset } from './types';

export type PresetWrite =
  /** Configured; takes effect now or at the next restart. */
  | 'changed'
  /** Already configured: nothing to do. */
  | 'same'
  /** Not applied: the device has no such preset, or it needs a modified PSU the device lacks. */
  | 'not-applied';

export class PowerState {
  configured: string;
  inUse: string;
  readonly moddedPsu: boolean;
  private readonly byName: Map<string, SimPreset>;
  private readonly tuned: Set<string>;
  private tuning: { name: string; until: number } | undefined;
  private readonly base: { watts?: number; ths?: number };

  constructor(
    private readonly options: PowerOptions,
    private readonly seed: number,
  ) {
    this.byName = new Map(options.presets.map((p) => [p.name, p]));
    this.configured = options.preset;
    this.inUse = options.preset;
    this.moddedPsu = options.moddedPsu;
    this.tuned = new Set(options.tunedPresets);
    this.base = presetNumbers(this.byName.get(options.preset)!);
  }

  isTuned(name: string, now: number): boolean {
    if (this.tuned.has(name)) return true;
    if (this.tuning?.name === name && now >= this.tuning.until) {
      this.tuned.add(name);
      this.tuning = undefined;
      return true;
    }
    return false;
  }

  /** POST /settings `miner.overclock.preset`: what the device does with it (it answers 200 either way). */
  configure(name: string): PresetWrite {
    const preset = this.byName.get(name);
    if (this.options.ignorePresetWrites || preset === undefined) return 'not-applied';
    if (preset.moddedPsuRequired === true && !this.moddedPsu) return 'not-applied';
    if (name === this.configured) return 'same';
    this.configured = name;
    return 'changed';
  }

  /**
   * The configured preset comes into use with a (re)start whose phases are `phases` (ending in `mining`):
   * an untuned one is tuned first, `auto-tuning` replacing the start of `mining` for `autoTuneSeconds`.
   */
  bringIntoUse(phases: MinerPhase[], now: number): MinerPhase[] {
    this.inUse = this.configured;
    const last = phases.at(-1);
    if (last === undefined || this.isTuned(this.inUse, now)) {
      this.tuning = undefined;
      return phases;
    }
    const until = last.from + this.options.autoTuneSeconds * 1000;
    this.tuning = { name: this.inUse, until };
    return [
      ...phases.slice(0, -1),
      { state: 'auto-tuning', from: last.from },
      { state: 'mining', from: until },
    ];
  }

  /** The in-use preset's hash rate relative to the start preset's (1 when either has no figure). */
  hashScale(): number {
    const ths = presetNumbers(this.byName.get(this.inUse)!).ths;
    return ths !== undefined && this.base.ths !== undefined ? ths / this.base.ths : 1;
  }

  /** The in-use preset's power relative to the start preset's (1 when either has no figure). */
  powerScale(): number {
    const watts = presetNumbers(this.byName.get(this.inUse)!).watts;
    return watts !== undefined && this.base.watts !== undefined ? watts / this.base.watts : 1;
  }

  /** `GET /autotune/presets`: each preset with its status now; a tuned one carries its tune results. */
  presetsBody(now: number): JsonObject[] {
    return this.options.presets.map((p) => {
      const tuned = this.isTuned(p.name, now);
      const body: JsonObject = {
        name: p.name,
        pretty: p.pretty,
        status: tuned ? 'tuned' : 'untuned',
        modded_psu_required: p.moddedPsuRequired === true,
      };
      const settings = tuned ? this.tuneResults(p) : p.tuneSettings;
      if (settings !== undefined) body['tune_settings'] = settings;
      return body;
    });
  }

  /** `GET /perf-summary`'s `current_preset`: the preset in use, as the list shows it. */
  currentPresetBody(now: number): JsonObject {
    const p = this.byName.get(this.inUse)!;
    return {
      name: p.name,
      pretty: p.pretty,
      status: this.isTuned(p.name, now) ? 'tuned' : 'untuned',
      modded_psu_required: p.moddedPsuRequired === true,
    };
  }

  /** What tuning found (`AutotuneResultsItem`): the preset's hash rate in GH/s, within ±2 % per device. */
  private tuneResults(p: SimPreset): JsonObject | undefined {
    const { ths } = presetNumbers(p);
    if (ths === undefined) return undefined;
    return {
      hashrate: Math.round(ths * 1000 * (0.98 + this.seed * 0.04)),
      volt: 1300,
      freq: 500,
      chains: [],
      modified: false,
    };
  }
}
