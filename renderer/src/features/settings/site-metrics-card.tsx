/**
 * Settings → "Site metrics": serve what the monitor reads to the site's own Prometheus. Off by default;
 * the address stays loopback unless the user names another. Saved on its own (not with the form below),
 * so turning it on takes effect at once. While the card is shown it asks main every few seconds when the
 * site's Prometheus last scraped, which is the proof a technician wants that the hand-over works.
 */
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { isLoopbackMetricsAddress, splitMetricsAddress } from '../../../../shared/domain/metrics-address';
import { errorText, madeText } from '../../../../shared/i18n/local-text';
import type { Translator } from '../../../../shared/i18n/translate';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore } from '../../stores/root-store';

/** How often the card asks main for the status (and the last scrape) while it is on screen. */
export const SITE_METRICS_POLL_MS = 2_000;

/** "12 s ago", "3 min ago", "2 h ago": the scrape interval people set is 15 s to a few minutes. */
export function scrapeAge({ t }: Translator, at: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 120) return t('settings.siteMetrics.secondsAgo', { count: seconds });
  if (seconds < 7200) return t('settings.siteMetrics.minutesAgo', { count: Math.floor(seconds / 60) });
  return t('settings.siteMetrics.hoursAgo', { count: Math.floor(seconds / 3600) });
}

/** Re-renders every second while mounted, so "12 s ago" counts up between two answers from main. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function SiteMetricsCard(): ReactNode {
  const tr = useT();
  const { t } = tr;
  const { settings, status, problem, requested, saved } = useRootStore(
    useShallow((s) => ({
      settings: s.settings,
      status: s.siteMetrics,
      problem: s.siteMetricsProblem,
      requested: s.siteMetricsRequested,
      saved: s.siteMetricsSaved,
    })),
  );
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const now = useNow();

  useEffect(() => {
    void requested();
    // Only while the window is seen: a hidden window has nobody to show the time to.
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') void requested();
    }, SITE_METRICS_POLL_MS);
    return () => clearInterval(timer);
  }, [requested]);

  if (settings.status !== 'ready') return null;
  const metrics = settings.value.metrics;
  const address = typed ?? metrics.address;
  const addressOk = splitMetricsAddress(address) !== undefined;
  const current = status.status === 'ready' ? status.value : undefined;
  const served = metrics.enabled ? current : undefined;
  const save = async (patch: { enabled?: boolean; address?: string }): Promise<void> => {
    setBusy(true);
    await saved(patch);
    if (patch.address !== undefined) setTyped(undefined);
    setBusy(false);
  };

  return (
    <section
      className={
        served?.error !== undefined ? 'card card-warn' : served?.url !== undefined ? 'card card-ok' : 'card'
      }
      aria-labelledby="site-metrics-title"
    >
      <h3 id="site-metrics-title">{t('settings.siteMetrics.title')}</h3>
      <p>{t('settings.siteMetrics.intro')}</p>
      <label className="choice">
        <input
          type="checkbox"
          checked={metrics.enabled}
          disabled={busy}
          onChange={(e) =>
            // An address typed but not yet used goes with the switch, when it is a valid one.
            void save({
              enabled: e.target.checked,
              ...(typed !== undefined && addressOk ? { address: typed.trim() } : {}),
            })
          }
        />
        {t('settings.siteMetrics.serve')}
      </label>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (addressOk) void save({ address: address.trim() });
        }}
      >
        <label className="field">
          <span className="field-label">{t('settings.siteMetrics.address')}</span>
          <input
            type="text"
            className="mono"
            value={address}
            spellCheck={false}
            aria-invalid={!addressOk}
            onChange={(e) => setTyped(e.target.value)}
          />
        </label>
        <button
          type="submit"
          className="button"
          disabled={busy || !addressOk || address.trim() === metrics.address}
        >
          {t('settings.siteMetrics.useAddress')}
        </button>
      </form>
      <p className={addressOk ? 'field-hint' : 'field-error'}>
        {addressOk
          ? isLoopbackMetricsAddress(address)
            ? t('settings.siteMetrics.loopbackHint')
            : t('settings.siteMetrics.lanHint')
          : t('settings.siteMetrics.addressProblem')}
      </p>
      {problem !== undefined && (
        <p className="field-error" role="alert">
          {errorText(tr, problem)}
        </p>
      )}
      {served?.error !== undefined && (
        <p className="field-error" role="alert">
          {t('settings.siteMetrics.notServed', { reason: madeText(tr, served.error, served.errorText) })}
        </p>
      )}
      {served?.url !== undefined && (
        <>
          <label className="field">
            <span className="field-label">{t('settings.siteMetrics.scrapes')}</span>
            <input
              type="text"
              className="mono site-metrics-url"
              readOnly
              value={served.url}
              onFocus={(e) => e.currentTarget.select()}
            />
          </label>
          <p role="status">
            {served.lastScrapeAt === undefined
              ? t('settings.siteMetrics.notScraped')
              : t('settings.siteMetrics.lastScrape', { age: scrapeAge(tr, served.lastScrapeAt, now) })}
          </p>
        </>
      )}
    </section>
  );
}
