/**
 * The presets a set of devices offers, for the window's "one preset for all" chooser (docs/user-guide.md,
 * "Choosing a preset"): each device is read as a plan reads it (power-plan.ts `readAll`: the same skips —
 * offline, locked out, no credential — and `GET /autotune/presets` with its credential, a few devices at a
 * time), then the lists are gathered per preset name here, in core, so the window only shows them.
 *
 * Devices read in the last minute are not read again (a chooser opened twice, Standard… then Commission…):
 * a technician opening the list on thousands of devices waits once, and typing never reads anything. A
 * preset write forgets the devices it wrote (their tuned state and configured preset change).
 */
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import type { PowerSkipReason } from '../../../shared/domain/power-plan';
import type { FigureRange, PresetOffer, PresetOffers } from '../../../shared/domain/preset-offers';
import { presetKey } from '../../../shared/domain/preset-key';
import type { SessionTarget } from '../credentials/session-target';
import type { PowerPlanDeps, PowerPlanOptions, Read } from './power-plan';
import { readAll } from './power-plan';
import type { ReadFacts } from './power-read';
import type { DevicePowerFacts } from './preset-choice';

/** How long a device's presets count as known. */
export const OFFER_TTL_MS = 60_000;
/** Beyond so many names (a hostile device listing thousands), the rest are left out of the list. */
export const MAX_OFFERS = 500;
/** What the choice accepts (`powerChoiceSchema`): a longer name could never be chosen. */
const MAX_NAME = 64;

/** Why a device was not read, in the words the chooser shows ("3 devices not read: offline"). */
export const UNREAD_WORDS: Readonly<Record<Exclude<PowerSkipReason, 'no-choice'>, string>> = {
  offline: 'offline',
  'locked-out': 'locked out',
  'no-credential': 'no password known',
  'no-presets': 'presets could not be read',
};
export const NOT_IN_FLEET_WORDS = 'no longer in the fleet';

/** No answer at all is "offline", as the monitor would say it; any other failed read is the presets'. */
const NO_ANSWER = new Set(['UNREACHABLE', 'TIMEOUT']);
const unreadWhy = (skip: { reason: PowerSkipReason; code?: string }): string =>
  skip.reason === 'no-choice' || (skip.reason === 'no-presets' && !NO_ANSWER.has(skip.code ?? ''))
    ? UNREAD_WORDS['no-presets']
    : skip.reason === 'no-presets'
      ? UNREAD_WORDS.offline
      : UNREAD_WORDS[skip.reason];

interface Gathered {
  name: string;
  watts?: FigureRange;
  hashRateThs?: FigureRange;
  offeredBy: number;
  tunedOn: number;
  needsModdedPsu: number;
  configuredOn: number;
}

/** The range widened to take `value` in (changed in place: one object per name, not per device). */
function widen(range: FigureRange | undefined, value: number | undefined): FigureRange | undefined {
  if (value === undefined) return range;
  if (range === undefined) return { min: value, max: value };
  if (value < range.min) range.min = value;
  if (value > range.max) range.max = value;
  return range;
}

/** A name a technician could choose: printable, within the choice's length. */
const choosable = (name: string): boolean =>
  name.trim().length > 0 && name.trim().length <= MAX_NAME && !/[\p{Cc}\p{Cf}]/u.test(name);

/** Names already seen that no one could choose: checked once per name, not once per device. */
type Refused = Set<string>;

function gatherDevice(byKey: Map<string, Gathered>, refused: Refused, facts: DevicePowerFacts): void {
  const seen = new Set<string>();
  const configured = facts.current === undefined ? undefined : presetKey(facts.current);
  for (const preset of facts.presets) {
    const key = presetKey(preset.name);
    // A device listing a name twice counts once.
    if (seen.has(key)) continue;
    seen.add(key);
    let entry = byKey.get(key);
    if (entry === undefined) {
      if (refused.has(key) || byKey.size >= MAX_OFFERS) continue;
      if (!choosable(preset.name)) {
        refused.add(key);
        continue;
      }
      entry = { name: preset.name.trim(), offeredBy: 0, tunedOn: 0, needsModdedPsu: 0, configuredOn: 0 };
      byKey.set(key, entry);
    }
    entry.offeredBy += 1;
    if (preset.status === 'tuned') entry.tunedOn += 1;
    if (preset.moddedPsuRequired && !facts.moddedPsu) entry.needsModdedPsu += 1;
    if (configured === key) entry.configuredOn += 1;
    const watts = widen(entry.watts, preset.watts);
    const rate = widen(entry.hashRateThs, preset.hashRateThs);
    if (watts !== undefined) entry.watts = watts;
    if (rate !== undefined) entry.hashRateThs = rate;
  }
}

/** Lowest watts first; presets without a watt figure (`disabled`) last, by name. */
const byWatts = (a: PresetOffer, b: PresetOffer): number =>
  (a.watts?.min ?? Infinity) - (b.watts?.min ?? Infinity) || a.name.localeCompare(b.name);

/** The reads gathered per preset name, and the devices not read counted by why (`notInFleet` among them). */
export function gatherOffers(reads: readonly Read[], notInFleet = 0): PresetOffers {
  const byKey = new Map<string, Gathered>();
  const refused: Refused = new Set();
  const unread = new Map<string, number>();
  let read = 0;
  for (const r of reads) {
    if ('facts' in r) {
      read += 1;
      gatherDevice(byKey, refused, r.facts);
    } else {
      const why = unreadWhy(r.skip);
      unread.set(why, (unread.get(why) ?? 0) + 1);
    }
  }
  if (notInFleet > 0) unread.set(NOT_IN_FLEET_WORDS, notInFleet);
  const offers = [...byKey.values()]
    .map((g): PresetOffer => ({ ...g, lacking: read - g.offeredBy }))
    .sort(byWatts);
  const notRead = [...unread].map(([why, count]) => ({ why, count })).sort((a, b) => b.count - a.count);
  return { devices: reads.length + notInFleet, read, notRead, offers };
}

export interface PresetOfferReader {
  /** The presets these devices offer; devices read in the last minute are not read again unless `refresh`. */
  offersOf(
    targets: readonly SessionTarget[],
    options?: PowerPlanOptions & { refresh?: boolean; notInFleet?: number },
  ): Promise<PresetOffers>;
  /** Forgets these devices' presets (written: their tuned and configured presets changed). */
  forget(deviceIds: readonly string[]): void;
}

export function createPresetOfferReader(
  deps: PowerPlanDeps,
  now: () => number = Date.now,
): PresetOfferReader {
  /** By device id: its facts, the address they were read from, when. Only successful reads are kept. */
  const known = new Map<string, { facts: ReadFacts; at: string; readAt: number }>();
  const fresh = (target: SessionTarget): Read | undefined => {
    const entry = known.get(target.deviceId);
    const at = formatDeviceAddress(target.address);
    return entry !== undefined && entry.at === at && now() - entry.readAt < OFFER_TTL_MS
      ? { target, facts: entry.facts }
      : undefined;
  };

  return {
    async offersOf(targets, options = {}) {
      const { refresh, notInFleet, ...planOptions } = options;
      const kept = targets.map((t) => (refresh === true ? undefined : fresh(t)));
      const toRead = targets.filter((_t, i) => kept[i] === undefined);
      const reads = await readAll(deps, toRead, planOptions);
      const readAt = now();
      for (const r of reads) {
        if ('facts' in r) {
          known.set(r.target.deviceId, { facts: r.facts, at: formatDeviceAddress(r.target.address), readAt });
        } else known.delete(r.target.deviceId);
      }
      // Entries of devices nobody asks about any more go once they are stale.
      for (const [id, entry] of known) if (readAt - entry.readAt >= OFFER_TTL_MS) known.delete(id);
      let next = 0;
      const all = kept.map((k) => k ?? (reads[next++] as Read));
      return gatherOffers(all, notInFleet ?? 0);
    },

    forget(deviceIds) {
      for (const id of deviceIds) known.delete(id);
    },
  };
}
