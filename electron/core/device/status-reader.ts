/**
 * The status reader: raw `/status` (+ `/summary`, `/info` when the device has them) → a DeviceReading.
 *
 * It never throws, whatever the bodies are: a device that answers an odd body must stay on the fleet
 * view with a warning, not crash the monitor (field-notes.md: "never crash or lose a device over an odd
 * body"). The state comes from `/status`, else from `summary.miner.miner_status`; unknown top-level
 * status fields are kept in `extra` for display, cut at a sane depth.
 */
import { minerStateLook } from '../../../shared/domain/miner-states';
import type { DeviceReading, MinerStateKind } from '../../../shared/domain/reading';
import type { CollectedWarnings, JsonObject } from './json-fields';
import { asObject, boundDepth, FieldReader, jsonType } from './json-fields';
import type { InfoFacts } from './info-reader';
import { readInfo } from './info-reader';
import { compact, readSummary, summaryMiner } from './summary-reader';
import type { PlausibleRange } from './plausible-bounds';
import { STATE_SECONDS } from './plausible-bounds';

const SECONDS: [PlausibleRange, string] = [STATE_SECONDS, 's'];

/** Status fields the reader interprets; every other top-level field goes to `extra`. */
const KNOWN_STATUS_FIELDS = new Set([
  'miner_state',
  'miner_state_time',
  'find_miner',
  'restart_required',
  'reboot_required',
  'unlocked',
  'description',
  'failure_code',
  'throttled',
]);

/** Values in `extra` deeper than this are replaced by a marker (bodies can nest 10,000 levels). */
const EXTRA_MAX_DEPTH = 16;

/** The coarse kind of a device's own state word (shared/domain/miner-states.ts); unknown words: `unknown`. */
export function stateKind(name: string): MinerStateKind {
  return minerStateLook(name).kind;
}

function readState(fields: FieldReader, status: JsonObject | undefined, miner: JsonObject | undefined) {
  const fromStatus = fields.string(status, 'miner_state');
  const minerStatus = fields.object(miner, 'miner_status', 'summary.miner.');
  const fromSummary =
    fromStatus === undefined
      ? fields.string(minerStatus, 'miner_state', 'summary.miner.miner_status.')
      : undefined;
  // The time belongs to whichever state is shown: the summary's only when its state is the one used (the
  // other is still read, for its type warning, but not judged: it is not shown).
  const statusSince =
    fromSummary === undefined
      ? fields.bounded(status, 'miner_state_time', '', 'state.sinceSeconds', ...SECONDS)
      : fields.number(status, 'miner_state_time');
  const since =
    fromSummary !== undefined
      ? fields.bounded(
          minerStatus,
          'miner_state_time',
          'summary.miner.miner_status.',
          'state.sinceSeconds',
          ...SECONDS,
        )
      : statusSince;
  const name = (fromStatus ?? fromSummary ?? '').trim() || 'unknown';
  return compact({
    name,
    kind: stateKind(name),
    sinceSeconds: since,
    description: fields.string(status, 'description'),
    failureCode: fields.code(status, 'failure_code'),
  });
}

function readExtra(fields: FieldReader, status: JsonObject | undefined): Record<string, unknown> {
  if (status === undefined) return {};
  const kept: [string, unknown][] = [];
  for (const key of Object.keys(status)) {
    if (KNOWN_STATUS_FIELDS.has(key)) continue;
    const bounded = boundDepth(status[key], EXTRA_MAX_DEPTH);
    if (bounded.cut) {
      fields.warn(`${key} is nested deeper than ${EXTRA_MAX_DEPTH} levels; the rest is left out`);
    }
    kept.push([key, bounded.value]);
  }
  // fromEntries defines own properties, so a field named "__proto__" stays a plain field.
  return Object.fromEntries(kept);
}

interface Memo<T> {
  value: T;
  warnings: CollectedWarnings;
}

/**
 * What an `/info` body says, worked out once per body object and remembered while the body lives: the
 * monitor keeps a device's `/info` body for ten minutes and needs its hash-rate unit on every poll
 * (poll-summary.ts). Bodies are parsed JSON nobody changes, so the same object always yields the same
 * facts and warnings.
 */
const infoMemo = new WeakMap<object, Memo<InfoFacts>>();

function rememberedInfo(fields: FieldReader, info: unknown): InfoFacts {
  if (typeof info !== 'object' || info === null) return readInfo(fields, info);
  const known = infoMemo.get(info);
  if (known !== undefined) {
    fields.replay(known.warnings);
    return known.value;
  }
  const own = new FieldReader();
  const value = readInfo(own, info);
  const warnings = own.collected();
  infoMemo.set(info, { value, warnings });
  fields.replay(warnings);
  return value;
}

/** What `/info` says (identity, hash-rate unit), worked out once per body; its warnings are not kept. */
export function infoFacts(info: unknown): InfoFacts {
  return rememberedInfo(new FieldReader(), info);
}

function read(status: unknown, summary: unknown, info: unknown): DeviceReading {
  const fields = new FieldReader();
  const body = asObject(status);
  if (body === undefined) fields.warn(`status is ${jsonType(status)}, not an object`);
  const miner = summaryMiner(fields, summary);
  const facts = rememberedInfo(fields, info);
  const state = readState(fields, body, miner);
  const metrics = readSummary(fields, miner, facts.hashRateUnit);
  const extra = readExtra(fields, body);
  return compact({
    state,
    unlocked: fields.boolean(body, 'unlocked'),
    flags: compact({
      restartRequired: fields.boolean(body, 'restart_required') ?? false,
      rebootRequired: fields.boolean(body, 'reboot_required') ?? false,
      locateLed: fields.boolean(body, 'find_miner') ?? false,
      throttled: fields.boolean(body, 'throttled'),
    }),
    ...metrics,
    identity: facts.identity,
    extra,
    warnings: fields.allWarnings(),
    implausible: fields.allImplausible(),
  });
}

/**
 * Reads one device's bodies into a DeviceReading. Pass the parsed JSON exactly as the device answered;
 * `summary` and `info` are optional (not every firmware has them, and `/info` may be cached).
 */
export function readStatus(status: unknown, summary?: unknown, info?: unknown): DeviceReading {
  try {
    return read(status, summary, info);
  } catch (error) {
    // Unreachable by design; kept so a reader bug degrades to "unknown" instead of losing the device.
    const reason = error instanceof Error ? error.message : 'unknown error';
    return {
      state: { name: 'unknown', kind: 'unknown' },
      flags: { restartRequired: false, rebootRequired: false, locateLed: false },
      fans: [],
      pools: [],
      boards: [],
      extra: {},
      warnings: [`the reading could not be built: ${reason}`],
    };
  }
}
