/**
 * The hand-over report of the current site, a document the site owner signs: who hands over (typed here,
 * else the laptop's user), the language it is written in (the customer's, which may not be the
 * technician's: the Settings' report language by default, "app" meaning the window's), a preview in that
 * language, refreshed on demand (each refresh reads the monitor's latest states), and the files for the
 * customer, saved where the technician chooses with the system's save dialog. PDF is printed by the
 * desktop app from the same HTML. The view's own controls speak the window's language.
 */
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { SaveReportFormat } from '../../../../shared/ipc/channels/files';
import type { MessageId } from '../../../../shared/i18n/catalogs';
import { isLocale, SOURCE_LOCALE } from '../../../../shared/i18n/locales';
import type { Locale } from '../../../../shared/i18n/locales';
import { errorText } from '../../../../shared/i18n/local-text';
import { LocaleSelect } from '../../components/locale-select';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore } from '../../stores/root-store';
import { reportStandardText } from '../standard/drift-words';
import { ReportPreview } from './report-preview';
import './report.css';

const FORMATS: readonly { format: SaveReportFormat; label: MessageId }[] = [
  { format: 'pdf', label: 'report-view.save.pdf' },
  { format: 'html', label: 'report-view.save.html' },
  { format: 'csv', label: 'report-view.save.csv' },
  { format: 'json', label: 'report-view.save.json' },
];

/** The language chosen here, else the Settings' report language ('app': the window's; English for en-XA). */
function useReportLanguage(): Locale {
  const { locale } = useT();
  const chosen = useRootStore((s) => s.reportLanguage);
  const setting = useRootStore((s) =>
    s.settings.status === 'ready' ? s.settings.value.language.report : 'app',
  );
  if (chosen !== null) return chosen;
  if (setting !== 'app') return setting;
  return isLocale(locale) ? locale : SOURCE_LOCALE;
}

function LanguageSelect({ language }: { language: Locale }): ReactNode {
  const { t } = useT();
  const changed = useRootStore((s) => s.reportLanguageChanged);
  return (
    <LocaleSelect<Locale>
      label={t('report-view.language')}
      value={language}
      onChosen={changed}
      className="report-language"
      labelClassName=""
    />
  );
}

export function ReportView(): ReactNode {
  const tr = useT();
  const { t } = tr;
  const { report, save, reportRequested, reportSaveRequested, technician, technicianChanged } = useRootStore(
    useShallow((s) => ({
      report: s.report,
      save: s.reportSave,
      reportRequested: s.reportRequested,
      reportSaveRequested: s.reportSaveRequested,
      technician: s.reportTechnician,
      technicianChanged: s.reportTechnicianChanged,
    })),
  );
  const language = useReportLanguage();
  const currentSiteId = useRootStore((s) =>
    s.sites.status === 'ready' ? s.sites.value.currentSiteId : null,
  );
  // The site against its standard, as the fleet's footer counts it now.
  const standard = useRootStore((s) => reportStandardText(s.driftSummary, s.hasStandard, tr));
  const driftRequested = useRootStore((s) => s.driftRequested);

  // A new preview whenever the view opens or the site changes: the old one would be another site's.
  useEffect(() => {
    if (currentSiteId !== null) void reportRequested();
    if (currentSiteId !== null) void driftRequested();
  }, [currentSiteId, reportRequested, driftRequested]);

  const saveLine =
    save.error !== undefined
      ? errorText(tr, save.error)
      : save.message !== undefined
        ? t(save.message)
        : undefined;
  return (
    <section className="view report" aria-labelledby="report-title">
      <div className="report-toolbar">
        <h2 id="report-title">{t('report-view.title')}</h2>
        <button
          type="button"
          className="button"
          disabled={report.status === 'loading'}
          onClick={() => void reportRequested()}
        >
          {report.status === 'loading' ? t('report-view.reading') : t('report-view.refresh')}
        </button>
        <label className="report-technician">
          <span>{t('report-view.technician')}</span>
          <input
            type="text"
            maxLength={100}
            value={technician}
            placeholder={
              report.status === 'ready' ? report.value.technician : t('report-view.technicianPlaceholder')
            }
            onChange={(e) => technicianChanged(e.target.value)}
            onBlur={() => void reportRequested()}
          />
        </label>
        <LanguageSelect language={language} />
        <div className="report-save" role="group" aria-label={t('report-view.save.group')}>
          {FORMATS.map(({ format, label }) => (
            <button
              key={format}
              type="button"
              className={format === 'pdf' ? 'button button-primary' : 'button'}
              disabled={save.status === 'saving' || report.status !== 'ready'}
              onClick={() => void reportSaveRequested(format, language)}
            >
              {save.status === 'saving' && save.format === format ? t('report-view.saving') : t(label)}
            </button>
          ))}
        </div>
      </div>
      {saveLine !== undefined && (
        <p className={save.status === 'error' ? 'field-error' : 'notice-ok'} role="status">
          {saveLine}
        </p>
      )}
      {currentSiteId === null && <p className="field-hint">{t('report-view.noSite')}</p>}
      {currentSiteId !== null && (
        <p className="report-standard" data-standard-report>
          <strong>{t('report-view.siteStandard')}</strong> {standard}
        </p>
      )}
      {report.status === 'error' && (
        <p className="field-error" role="alert">
          {errorText(tr, report.error)}
        </p>
      )}
      {report.status === 'ready' && <ReportPreview report={report.value} language={language} />}
    </section>
  );
}
