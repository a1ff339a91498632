/**
 * A choice of language (issue 35): each of Minerdeck's languages named in its own words (a technician who
 * cannot read the current language still finds his) and marked `lang` (so Chinese gets Chinese glyphs),
 * with the caller's own first choice ("System language", "Same as the app") and last one (the
 * pseudo-locale). One select for Settings → Language and the Report view's "Report language".
 */
import type { ReactNode } from 'react';
import { LOCALE_NAMES, LOCALES } from '../../../shared/i18n/locales';
import type { Locale } from '../../../shared/i18n/locales';

/** A choice beside the languages: its value and its words in the window's language. */
export interface ExtraChoice<V extends string> {
  value: V;
  words: string;
}

export function LocaleSelect<V extends string>({
  label,
  value,
  onChosen,
  first,
  last,
  className = 'field',
  labelClassName = 'field-label',
}: {
  label: string;
  value: V | Locale;
  onChosen: (value: V | Locale) => void;
  first?: ExtraChoice<V>;
  last?: ExtraChoice<V>;
  className?: string;
  labelClassName?: string;
}): ReactNode {
  return (
    <label className={className}>
      <span className={labelClassName === '' ? undefined : labelClassName}>{label}</span>
      <select
        value={value}
        // Only the options below can be chosen: the value is one of them.
        onChange={(e) => onChosen(e.target.value as V | Locale)}
      >
        {first !== undefined && <option value={first.value}>{first.words}</option>}
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
        {last !== undefined && <option value={last.value}>{last.words}</option>}
      </select>
    </label>
  );
}
