/**
 * Settings → "Language" (issue 35): the window's language and the hand-over report's default one. A choice
 * goes into the store's settings at once (the I18nProvider reads them), so every view switches while the
 * select is still open — no restart — and main keeps it for the next start. Each language is named in its
 * own words (a technician who cannot read the current one still finds his); the pseudo-locale comes last,
 * for testing layouts.
 */
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { LOCALE_NAMES, LOCALES, matchLocale, PSEUDO_LOCALE } from '../../../../shared/i18n/locales';
import type { LanguageChoice, Locale } from '../../../../shared/i18n/locales';
import { errorText } from '../../../../shared/i18n/local-text';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore } from '../../stores/root-store';

type ReportChoice = 'app' | Locale;

export function LanguageCard({
  preferred = navigator.languages,
}: {
  /** The system's preferred languages, most preferred first (tests give their own). */
  preferred?: readonly string[];
}): ReactNode {
  const tr = useT();
  const { t } = tr;
  const { settings, problem, chosen } = useRootStore(
    useShallow((s) => ({
      settings: s.settings,
      problem: s.languageProblem,
      chosen: s.languageChosen,
    })),
  );
  if (settings.status !== 'ready') return null;
  const language = settings.value.language;
  const system = LOCALE_NAMES[matchLocale(preferred)];

  return (
    <section className="card" aria-labelledby="language-title">
      <h3 id="language-title">{t('settings.language.title')}</h3>
      <p className="field-hint">{t('settings.language.intro')}</p>
      <div className="language-fields">
        <label className="field">
          <span className="field-label">{t('settings.language.app')}</span>
          <select
            value={language.app}
            onChange={(e) => void chosen({ app: e.target.value as LanguageChoice })}
          >
            <option value="system">{t('common.language.system', { language: system })}</option>
            {LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {LOCALE_NAMES[locale]}
              </option>
            ))}
            <option value={PSEUDO_LOCALE}>
              {t('settings.language.pseudo', { name: LOCALE_NAMES[PSEUDO_LOCALE] })}
            </option>
          </select>
        </label>
        <label className="field">
          <span className="field-label">{t('settings.language.report')}</span>
          <select
            value={language.report}
            onChange={(e) => void chosen({ report: e.target.value as ReportChoice })}
          >
            <option value="app">{t('settings.language.reportSameAsApp')}</option>
            {LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={locale}>
                {LOCALE_NAMES[locale]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {problem !== undefined && (
        <p className="field-error" role="alert">
          {t('settings.language.notKept', { reason: errorText(tr, problem) })}
        </p>
      )}
    </section>
  );
}
