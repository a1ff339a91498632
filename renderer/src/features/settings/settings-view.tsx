/**
 * Settings: how often and how hard Minerdeck talks to devices, when it raises an alert, the keychain
 * — its state, and what to do when it is not available — and the site metrics served to Prometheus.
 * Times are shown in the units people think in (seconds for polling, milliseconds for a scan's connect
 * timeout).
 */
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { AppSettings } from '../../../../shared/domain/settings';
import { errorText } from '../../../../shared/i18n/local-text';
import { useT } from '../../i18n/i18n-provider';
import { parsePorts } from '../../stores/discover-slice';
import { useRootStore } from '../../stores/root-store';
import { AboutCard } from './about-card';
import { KeychainCard } from './keychain-card';
import { LanguageCard } from './language-card';
import { NumberField } from './number-field';
import { SiteMetricsCard } from './site-metrics-card';
import './settings.css';

export function SettingsView(): ReactNode {
  const tr = useT();
  const { t } = tr;
  const { settings, save, settingsSaved, settingsRequested, keychainRequested } = useRootStore(
    useShallow((s) => ({
      settings: s.settings,
      save: s.settingsSave,
      settingsSaved: s.settingsSaved,
      settingsRequested: s.settingsRequested,
      keychainRequested: s.keychainRequested,
    })),
  );
  // Edits not saved yet; the saved settings show through where nothing was edited.
  const [edited, setDraft] = useState<AppSettings | undefined>(undefined);
  const [typedPorts, setPorts] = useState<string | undefined>(undefined);
  const saved = settings.status === 'ready' ? settings.value : undefined;
  const draft = edited ?? saved;
  const ports = typedPorts ?? saved?.discovery.ports.join(', ') ?? '';

  useEffect(() => {
    if (settings.status === 'idle') void settingsRequested();
    void keychainRequested();
  }, [settings.status, settingsRequested, keychainRequested]);

  if (draft === undefined) {
    return (
      <section className="view settings">
        <h2>{t('settings.title')}</h2>
        <p className={settings.status === 'error' ? 'field-error' : 'field-hint'}>
          {settings.status === 'error' ? errorText(tr, settings.error) : t('settings.loading')}
        </p>
      </section>
    );
  }
  const monitor = (patch: Partial<AppSettings['monitor']>) =>
    setDraft({ ...draft, monitor: { ...draft.monitor, ...patch } });
  const discovery = (patch: Partial<AppSettings['discovery']>) =>
    setDraft({ ...draft, discovery: { ...draft.discovery, ...patch } });
  const credentials = (patch: Partial<AppSettings['credentials']>) =>
    setDraft({ ...draft, credentials: { ...draft.credentials, ...patch } });
  const parsedPorts = parsePorts(ports);

  return (
    <section className="view settings" aria-labelledby="settings-title">
      <h2 id="settings-title">{t('settings.title')}</h2>
      <KeychainCard />
      <LanguageCard />
      <SiteMetricsCard />
      {/* The fields check themselves (and main checks again): the browser's step rule would refuse 5 s
          for "Poll every" (min 0.1, step 0.5) and block the save without a word. */}
      <form
        className="settings-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (parsedPorts === undefined) return;
          // Site metrics are saved by their card: the form never sends back an older copy of them.
          void settingsSaved({
            monitor: draft.monitor,
            discovery: { ...draft.discovery, ports: parsedPorts },
            credentials: draft.credentials,
          }).then(() => {
            setDraft(undefined);
            setPorts(undefined);
          });
        }}
      >
        <fieldset className="settings-group">
          <legend>{t('settings.monitoring.legend')}</legend>
          <NumberField
            label={t('settings.monitoring.pollEvery')}
            value={draft.monitor.intervalMs / 1000}
            min={0.1}
            max={600}
            step={0.5}
            onChange={(v) => monitor({ intervalMs: Math.round(v * 1000) })}
            hint={t('settings.monitoring.pollEveryHint')}
          />
          <NumberField
            label={t('settings.monitoring.giveUp')}
            value={draft.monitor.timeoutMs / 1000}
            min={0.1}
            max={120}
            step={0.1}
            onChange={(v) => monitor({ timeoutMs: Math.round(v * 1000) })}
            hint={t('settings.monitoring.giveUpHint')}
          />
          <NumberField
            label={t('settings.monitoring.concurrency')}
            value={draft.monitor.concurrency}
            min={1}
            max={2048}
            onChange={(v) => monitor({ concurrency: v })}
          />
          <NumberField
            label={t('settings.monitoring.offlineAfter')}
            value={draft.monitor.offlineAfterMissedPolls}
            min={1}
            max={20}
            onChange={(v) => monitor({ offlineAfterMissedPolls: v })}
            hint={t('settings.monitoring.offlineAfterHint')}
          />
        </fieldset>
        <fieldset className="settings-group">
          <legend>{t('settings.alerts.legend')}</legend>
          <NumberField
            label={t('settings.alerts.chipTempMax')}
            value={draft.monitor.chipTempMaxC}
            min={30}
            max={150}
            onChange={(v) => monitor({ chipTempMaxC: v })}
          />
          <NumberField
            label={t('settings.alerts.hashRateMin')}
            value={draft.monitor.hashRateMinPercent}
            min={1}
            max={100}
            onChange={(v) => monitor({ hashRateMinPercent: v })}
          />
        </fieldset>
        <fieldset className="settings-group">
          <legend>{t('settings.discovery.legend')}</legend>
          <label className="field">
            <span className="field-label">{t('settings.discovery.ports')}</span>
            <input
              type="text"
              value={ports}
              aria-invalid={parsedPorts === undefined}
              onChange={(e) => setPorts(e.target.value)}
            />
            <span className={parsedPorts === undefined ? 'field-error' : 'field-hint'}>
              {parsedPorts === undefined
                ? t('settings.discovery.portsProblem')
                : t('settings.discovery.portsHint')}
            </span>
          </label>
          <NumberField
            label={t('settings.discovery.connectTimeout')}
            value={draft.discovery.connectTimeoutMs}
            min={20}
            max={60000}
            onChange={(v) => discovery({ connectTimeoutMs: v })}
            hint={t('settings.discovery.connectTimeoutHint')}
          />
          <NumberField
            label={t('settings.discovery.concurrency')}
            value={draft.discovery.concurrency}
            min={1}
            max={4096}
            onChange={(v) => discovery({ concurrency: v })}
          />
        </fieldset>
        <fieldset className="settings-group">
          <legend>{t('settings.credentials.legend')}</legend>
          <NumberField
            label={t('settings.credentials.concurrency')}
            value={draft.credentials.concurrency}
            min={1}
            max={256}
            onChange={(v) => credentials({ concurrency: v })}
          />
          <label className="field">
            <span className="field-label">{t('settings.credentials.siteId')}</span>
            <input
              type="text"
              value={draft.credentials.siteId}
              onChange={(e) => credentials({ siteId: e.target.value })}
            />
            <span className="field-hint">{t('settings.credentials.siteIdHint')}</span>
          </label>
        </fieldset>
        <div className="settings-actions">
          <button
            type="submit"
            className="button button-primary button-large"
            disabled={save.status === 'saving' || parsedPorts === undefined}
          >
            {t('settings.save')}
          </button>
          {save.status === 'saved' && (
            <p className="notice-ok" role="status">
              {t('settings.saved')}
            </p>
          )}
          {save.status === 'error' && save.error !== undefined && (
            <p className="field-error" role="status">
              {errorText(tr, save.error)}
            </p>
          )}
        </div>
      </form>
      <AboutCard />
    </section>
  );
}
