/**
 * The words of the "one preset for all" chooser (preset-chooser.tsx): each preset the devices offer as a
 * line (its watts and hash rate, ranges when models differ; on how many it is tuned, how many lack it, how
 * many need a modified PSU they lack), what was read ("3 devices not read: offline"), which presets a
 * typed text shows, and what a typed name none of the devices offers means. Pure, so tests read them.
 */
import type { FigureRange, PresetOffer, PresetOffers } from '../../../../shared/domain/preset-offers';
import { presetKey } from '../../../../shared/domain/preset-key';
import { count } from '../../lib/format';

const figure = (range: FigureRange | undefined, unit: string, digits = 0): string | undefined => {
  if (range === undefined) return undefined;
  // "3250 W", as the devices and the plan write a preset's watts (no thousands separator).
  const one = (n: number): string =>
    n.toLocaleString('en-US', { maximumFractionDigits: digits, useGrouping: false });
  return range.min === range.max
    ? `${one(range.min)} ${unit}`
    : `${one(range.min)}–${one(range.max)} ${unit}`;
};

/** "3250 W · 218 TH/s" (ranges "82–188 TH/s" when the devices differ); "no figures" for `disabled`. */
export function offerFigures(offer: PresetOffer): string {
  const parts = [figure(offer.watts, 'W'), figure(offer.hashRateThs, 'TH/s', 1)].filter(
    (p): p is string => p !== undefined,
  );
  return parts.length > 0 ? parts.join(' · ') : 'no watt or hash-rate figure';
}

/** "tuned on 2 of 8 · lacks it on 2 · needs a modified PSU on 1", or "untuned · …"; zeros are left out. */
export function offerCounts(offer: PresetOffer, read: number): string {
  const parts = [
    offer.tunedOn === offer.offeredBy && offer.lacking === 0
      ? `tuned on all ${read}`
      : offer.tunedOn > 0
        ? `tuned on ${offer.tunedOn} of ${read}`
        : // The choice's hint says what untuned means (the device tunes itself first).
          'untuned',
    offer.lacking > 0 ? `lacks it on ${offer.lacking}` : undefined,
    offer.needsModdedPsu > 0 ? `needs a modified PSU on ${offer.needsModdedPsu}` : undefined,
    offer.configuredOn > 0 ? `set now on ${offer.configuredOn}` : undefined,
  ];
  return parts.filter((p): p is string => p !== undefined).join(' · ');
}

/** A device group as the chooser names it: "the 3 selected devices", "the site's 200 devices". */
export const devicesWords = (n: number, selected: boolean): string =>
  selected ? `the ${count(n, 'selected device')}` : `the site's ${count(n, 'device')}`;

/** "Presets of 8 devices. 3 devices not read: offline; 1: no password known." */
export function readWords(offers: PresetOffers): string {
  const read = `Presets of ${count(offers.read, 'device')} read.`;
  if (offers.notRead.length === 0) return read;
  const [first, ...rest] = offers.notRead;
  const more = rest.map((g) => `; ${g.count.toLocaleString('en-US')}: ${g.why}`).join('');
  return `${read} ${count(first?.count ?? 0, 'device')} not read: ${first?.why ?? ''}${more}.`;
}

/** The presets a typed text shows: names containing it, or all when it is empty. */
export function offersMatching(offers: readonly PresetOffer[], text: string): PresetOffer[] {
  const key = presetKey(text);
  return key === '' ? [...offers] : offers.filter((o) => presetKey(o.name).includes(key));
}

/** The offer a typed name chooses (matched as main matches it), if any device offers it. */
export const offerNamed = (offers: readonly PresetOffer[], text: string): PresetOffer | undefined =>
  offers.find((o) => presetKey(o.name) === presetKey(text));

/** A typed name none of the devices read offers: planned as typed, every device lacking it skipped. */
export const noneOffersWords = (name: string, read: number): string =>
  `None of the ${count(read, 'device')} read offers "${name.trim()}": it is kept as typed, and a device that lacks it is skipped with the reason.`;
