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
import { parsePorts } from '../../stores/discover-slice';
import { useRootStore } from '../../stores/root-store';
import { AboutCard } from './about-card';
import { KeychainCard } from './keychain-card';
import { NumberField } from './number-field';
import { SiteMetricsCard } from './site-metrics-card';
import './settings.css';

export function SettingsView(): ReactNode {
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
        <h2>Settings</h2>
        <p className={settings.status === 'error' ? 'field-error' : 'field-hint'}>
          {settings.status === 'error' ? settings.error.message : 'Loading…'}
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
      <h2 id="settings-title">Settings</h2>
      <KeychainCard />
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
          <legend>Monitoring</legend>
          <NumberField
            label="Poll every (seconds)"
            value={draft.monitor.intervalMs / 1000}
            min={0.1}
            max={600}
            step={0.5}
            onChange={(v) => monitor({ intervalMs: Math.round(v * 1000) })}
            hint="How often each device is read. 5 s suits most sites."
          />
          <NumberField
            label="Give up on a poll after (seconds)"
            value={draft.monitor.timeoutMs / 1000}
            min={0.1}
            max={120}
            step={0.1}
            onChange={(v) => monitor({ timeoutMs: Math.round(v * 1000) })}
            hint="Kept below the poll interval."
          />
          <NumberField
            label="Devices read at once"
            value={draft.monitor.concurrency}
            min={1}
            max={2048}
            onChange={(v) => monitor({ concurrency: v })}
          />
          <NumberField
            label="Offline after missed polls"
            value={draft.monitor.offlineAfterMissedPolls}
            min={1}
            max={20}
            onChange={(v) => monitor({ offlineAfterMissedPolls: v })}
            hint="A device that misses this many polls in a row is shown offline."
          />
        </fieldset>
        <fieldset className="settings-group">
          <legend>Alerts</legend>
          <NumberField
            label="Hottest chip allowed (°C)"
            value={draft.monitor.chipTempMaxC}
            min={30}
            max={150}
            onChange={(v) => monitor({ chipTempMaxC: v })}
          />
          <NumberField
            label="Alert below this share of nominal hash rate (%)"
            value={draft.monitor.hashRateMinPercent}
            min={1}
            max={100}
            onChange={(v) => monitor({ hashRateMinPercent: v })}
          />
        </fieldset>
        <fieldset className="settings-group">
          <legend>Discovery</legend>
          <label className="field">
            <span className="field-label">Ports</span>
            <input
              type="text"
              value={ports}
              aria-invalid={parsedPorts === undefined}
              onChange={(e) => setPorts(e.target.value)}
            />
            <span className={parsedPorts === undefined ? 'field-error' : 'field-hint'}>
              {parsedPorts === undefined
                ? 'Numbers from 1 to 65535, separated by commas.'
                : '443 and 8443 are probed as https.'}
            </span>
          </label>
          <NumberField
            label="Connect timeout (ms)"
            value={draft.discovery.connectTimeoutMs}
            min={20}
            max={60000}
            onChange={(v) => discovery({ connectTimeoutMs: v })}
            hint="Raise it across a VPN or a distant site."
          />
          <NumberField
            label="Addresses probed at once"
            value={draft.discovery.concurrency}
            min={1}
            max={4096}
            onChange={(v) => discovery({ concurrency: v })}
          />
        </fieldset>
        <fieldset className="settings-group">
          <legend>Unlocking and API keys</legend>
          <NumberField
            label="Devices at once"
            value={draft.credentials.concurrency}
            min={1}
            max={256}
            onChange={(v) => credentials({ concurrency: v })}
          />
          <label className="field">
            <span className="field-label">Site name (for the shared password)</span>
            <input
              type="text"
              value={draft.credentials.siteId}
              onChange={(e) => credentials({ siteId: e.target.value })}
            />
            <span className="field-hint">Letters, digits, ".", "_" or "-".</span>
          </label>
        </fieldset>
        <div className="settings-actions">
          <button
            type="submit"
            className="button button-primary button-large"
            disabled={save.status === 'saving' || parsedPorts === undefined}
          >
            Save settings
          </button>
          {save.message !== undefined && (
            <p className={save.status === 'error' ? 'field-error' : 'notice-ok'} role="status">
              {save.message}
            </p>
          )}
        </div>
      </form>
      <AboutCard />
    </section>
  );
}
