/**
 * Tolerant readers of the autotune preset bodies (vendor OpenAPI 1.2.6; shared/domain/presets.ts):
 * `GET /autotune/presets`, the overclock part of `GET /settings`, and `GET /perf-summary`'s
 * `current_preset`. Like the status reader they never throw: an entry that cannot be used is skipped with
 * a warning naming it, a field of the wrong type is left out, and numbers no hardware gives are not
 * believed (plausible-bounds.ts) — a preset with an implausible power figure is listed without one, so no
 * plan ever counts it.
 */
import type {
  AutotunePreset,
  CurrentPreset,
  DevicePresets,
  OverclockSettings,
  PresetStatus,
} from '../../../shared/domain/presets';
import { parsePretty, wattsFromName } from '../../../shared/domain/presets';
import { toHashesPerSecond } from '../../../shared/format/hash-rate';
import type { JsonObject } from './json-fields';
import { asObject, FieldReader, jsonType } from './json-fields';
import { HASH_RATE_HS, outside, POWER_W } from './plausible-bounds';
import { compact, DEFAULT_HASH_RATE_UNIT } from './summary-reader';

/** A device listing more presets than this is not listing presets (real ones list about 25). */
const MAX_PRESETS = 500;
/** Longer names and texts are cut: they are shown in a table cell and sent back as given. */
const MAX_NAME = 64;
const MAX_PRETTY = 120;

const TH = 1e12;

function status(fields: FieldReader, entry: JsonObject, path: string): PresetStatus {
  const said = fields.string(entry, 'status', path);
  if (said === 'tuned' || said === 'untuned') return said;
  // Not knowing is "untuned": choosing it may make the device tune itself, the cautious reading.
  if (said !== undefined) fields.warn(`${path}status is "${said.slice(0, 40)}", read as untuned`);
  return 'untuned';
}

/** TH/s, or undefined when the value is unusable or beyond any hardware (10 PH/s). */
function plausibleThs(fields: FieldReader, ths: number | undefined, path: string): number | undefined {
  if (ths === undefined) return undefined;
  if (ths >= 0 && ths * TH <= HASH_RATE_HS.max) return ths;
  fields.warn(`${path} is implausible: ${ths} TH/s (plausible: ${HASH_RATE_HS.shown}); left out`);
  return undefined;
}

function readPreset(
  fields: FieldReader,
  entry: JsonObject,
  path: string,
  unit: string,
): AutotunePreset | undefined {
  const name = fields.string(entry, 'name', path)?.trim();
  if (name === undefined || name === '' || name.length > MAX_NAME) {
    fields.warn(`${path}name is missing or unusable; preset skipped`);
    return undefined;
  }
  const pretty = (fields.string(entry, 'pretty', path) ?? name).slice(0, MAX_PRETTY);
  const fromPretty = parsePretty(pretty);
  let watts = wattsFromName(name) ?? fromPretty.watts;
  if (watts !== undefined && outside(watts, POWER_W)) {
    fields.warn(`${path}name says ${watts} W, which is implausible (plausible: ${POWER_W.shown}); left out`);
    watts = undefined;
  }
  const tune = fields.object(entry, 'tune_settings', path);
  const tuned = fields.number(tune, 'hashrate', `${path}tune_settings.`);
  // 0 is what an untuned entry (e.g. `disabled`) carries: no measurement, not a dead device.
  const perUnit = toHashesPerSecond(1, unit);
  const fromTune =
    tuned !== undefined && tuned > 0 && perUnit !== undefined
      ? plausibleThs(fields, (tuned * perUnit) / TH, `${path}tune_settings.hashrate`)
      : undefined;
  const fromText = plausibleThs(fields, fromPretty.hashRateThs, `${path}pretty`);
  const hashRateThs = fromTune ?? fromText;
  return compact({
    name,
    pretty,
    status: status(fields, entry, path),
    moddedPsuRequired: fields.boolean(entry, 'modded_psu_required', path) ?? false,
    watts,
    hashRateThs,
    hashRateFrom: fromTune !== undefined ? 'tune' : fromText !== undefined ? 'pretty' : undefined,
  } satisfies AutotunePreset);
}

/**
 * `GET /autotune/presets` → the presets. `unit` is the device's `hr_measure` (`/info` or `/model`), the unit
 * of `tune_settings.hashrate`; GH/s when unknown, as for every hash rate of this firmware family.
 */
export function readPresets(body: unknown, unit: string = DEFAULT_HASH_RATE_UNIT): DevicePresets {
  const fields = new FieldReader();
  if (!Array.isArray(body)) {
    fields.warn(`the preset list is ${jsonType(body)}, not a list`);
    return { presets: [], warnings: fields.allWarnings() };
  }
  if (body.length > MAX_PRESETS) fields.warn(`${body.length} presets listed; the first ${MAX_PRESETS} read`);
  const presets: AutotunePreset[] = [];
  const seen = new Set<string>();
  body.slice(0, MAX_PRESETS).forEach((item, i) => {
    const path = `presets[${i}].`;
    const entry = asObject(item);
    if (entry === undefined) {
      fields.warn(`presets[${i}] is ${jsonType(item)}, not an object`);
      return;
    }
    const preset = readPreset(fields, entry, path, unit);
    if (preset === undefined) return;
    if (seen.has(preset.name)) {
      fields.warn(`${path}name "${preset.name}" is listed twice; the first kept`);
      return;
    }
    seen.add(preset.name);
    presets.push(preset);
  });
  return { presets, warnings: fields.allWarnings() };
}

/** `GET /settings` → `miner.overclock`: the preset in force and whether the PSU is modified. */
export function readOverclockSettings(body: unknown): OverclockSettings {
  const fields = new FieldReader();
  const miner = fields.object(asObject(body), 'miner', 'settings.');
  const overclock = fields.object(miner, 'overclock', 'settings.miner.');
  const preset = fields.string(overclock, 'preset', 'settings.miner.overclock.')?.trim();
  return compact({
    preset: preset === undefined || preset === '' ? undefined : preset.slice(0, MAX_NAME),
    moddedPsu: fields.boolean(overclock, 'modded_psu', 'settings.miner.overclock.') === true,
  });
}

/** `GET /perf-summary` → `current_preset`; undefined when the device names none (`null`) or sent nonsense. */
export function readCurrentPreset(body: unknown): CurrentPreset | undefined {
  const fields = new FieldReader();
  const current = fields.object(asObject(body), 'current_preset', 'perf-summary.');
  const name = fields.string(current, 'name', 'perf-summary.current_preset.')?.trim();
  if (current === undefined || name === undefined || name === '' || name.length > MAX_NAME) return undefined;
  const said = fields.string(current, 'status');
  const status: PresetStatus | undefined = said === 'tuned' || said === 'untuned' ? said : undefined;
  return compact({ name, pretty: fields.string(current, 'pretty')?.slice(0, MAX_PRETTY), status });
}
