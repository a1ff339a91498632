/**
 * Settings → "Language" (issue 35): the window's language and the hand-over report's default one. A choice
 * goes into the store's settings at once (the I18nProvider reads them), so every view switches while the
 * select is still open — no restart — and main keeps it for the next start. Each language is named in its
 * own words (a technician who cannot read the current one still finds his); the pseudo-locale comes last,
 * for testing layouts.
 */
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { LOCALE_NAMES, matchLocale, PSEUDO_LOCALE } from '../../../../shared/i18n/locales';
import { errorText } from '../../../../shared/i18n/local-text';
import { LocaleSelect } from '../../components/locale-select';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore } from '../../stores/root-store';

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
        <LocaleSelect
          label={t('settings.language.app')}
          value={language.app}
          onChosen={(app) => void chosen({ app })}
          first={{ value: 'system', words: t('common.language.system', { language: system }) }}
          last={{
            value: PSEUDO_LOCALE,
            words: t('settings.language.pseudo', { name: LOCALE_NAMES[PSEUDO_LOCALE] }),
          }}
        />
        <LocaleSelect
          label={t('settings.language.report')}
          value={language.report}
          onChosen={(report) => void chosen({ report })}
          first={{ value: 'app', words: t('settings.language.reportSameAsApp') }}
        />
      </div>
      {problem !== undefined && (
        <p className="field-error" role="alert">
          {t('settings.language.notKept', { reason: errorText(tr, problem) })}
        </p>
      )}
    </section>
  );
}
