/**
 * The words of the "one preset for all" chooser (preset-chooser.tsx): each preset the devices offer as a
 * line (its watts and hash rate, ranges when models differ; on how many it is tuned, how many lack it, how
 * many need a modified PSU they lack), what was read ("3 devices not read: offline"), which presets a
 * typed text shows, and what a typed name none of the devices offers means. Pure, so tests read them.
 */
import type { FigureRange, PresetOffer, PresetOffers } from '../../../../shared/domain/preset-offers';
import { presetKey } from '../../../../shared/domain/preset-key';
import { numberText } from '../../../../shared/i18n/formats';
import { englishTranslator } from '../../../../shared/i18n/translate';
import type { Translator } from '../../../../shared/i18n/translate';

/** A figure or its range, "3250" or "82–188", as the devices write it (no thousands separator). */
const figure = (tr: Translator, range: FigureRange, digits = 0): string => {
  const one = (n: number): string =>
    tr.intl.formatNumber(n, { maximumFractionDigits: digits, useGrouping: false });
  return range.min === range.max ? one(range.min) : `${one(range.min)}–${one(range.max)}`;
};

/** "3250 W · 218 TH/s" (ranges "82–188 TH/s" when the devices differ); "no figures" for `disabled`. */
export function offerFigures(offer: PresetOffer, tr: Translator = englishTranslator()): string {
  const parts = [
    offer.watts === undefined ? undefined : tr.t('common.unit.watts', { value: figure(tr, offer.watts) }),
    offer.hashRateThs === undefined
      ? undefined
      : tr.t('common.unit.hashRate', { value: figure(tr, offer.hashRateThs, 1), unit: 'TH/s' }),
  ].filter((p): p is string => p !== undefined);
  return parts.length > 0 ? parts.join(' · ') : tr.t('fleet-actions.presetOffer.noFigures');
}

/** "tuned on 2 of 8 · lacks it on 2 · needs a modified PSU on 1", or "untuned · …"; zeros are left out. */
export function offerCounts(offer: PresetOffer, read: number, tr: Translator = englishTranslator()): string {
  const parts = [
    offer.tunedOn === offer.offeredBy && offer.lacking === 0
      ? tr.t('fleet-actions.presetOffer.tunedAll', { read })
      : offer.tunedOn > 0
        ? tr.t('fleet-actions.presetOffer.tunedSome', { tuned: offer.tunedOn, read })
        : // The choice's hint says what untuned means (the device tunes itself first).
          tr.t('fleet-actions.presetOffer.untuned'),
    offer.lacking > 0 ? tr.t('fleet-actions.presetOffer.lacking', { count: offer.lacking }) : undefined,
    offer.needsModdedPsu > 0
      ? tr.t('fleet-actions.presetOffer.moddedPsu', { count: offer.needsModdedPsu })
      : undefined,
    offer.configuredOn > 0
      ? tr.t('fleet-actions.presetOffer.setNow', { count: offer.configuredOn })
      : undefined,
  ];
  return parts.filter((p): p is string => p !== undefined).join(' · ');
}

/** A device group as the chooser names it: "the 3 selected devices", "the site's 200 devices". */
export const devicesWords = (n: number, selected: boolean, tr: Translator = englishTranslator()): string =>
  selected
    ? tr.t('fleet-actions.presetOffer.selected', { count: n })
    : tr.t('fleet-actions.presetOffer.site', { count: n });

/** "Presets of 8 devices. 3 devices not read: offline; 1: no password known." */
export function readWords(offers: PresetOffers, tr: Translator = englishTranslator()): string {
  const read = tr.t('fleet-actions.presetOffer.read', { count: offers.read });
  if (offers.notRead.length === 0) return read;
  const [first, ...rest] = offers.notRead;
  const more = rest.map((g) => `; ${numberText(tr, g.count)}: ${g.why}`).join('');
  return tr.t('fleet-actions.presetOffer.notRead', {
    read,
    count: first?.count ?? 0,
    why: `${first?.why ?? ''}${more}`,
  });
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
export const noneOffersWords = (name: string, read: number, tr: Translator = englishTranslator()): string =>
  tr.t('fleet-actions.presetOffer.none', { count: read, name: name.trim() });
