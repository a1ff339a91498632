/**
 * The footer: the fleet at a glance (devices, online, total hash rate, active alerts, and against the
 * site's standard: "182 at the standard · 1 differs · 17 pending acceptance") and the app's version and platform when app:info
 * answers, what went wrong (and a retry) if not.
 */
import type { ReactNode } from 'react';
import { driftCountsText, pendingAcceptanceCount } from '../features/standard/drift-words';
import { hashRateText } from '../../../shared/i18n/formats';
import { errorText } from '../../../shared/i18n/local-text';
import { useT } from '../i18n/i18n-provider';
import { useRootStore } from '../stores/root-store';
import '../features/standard/standard.css';

const PLATFORM_NAMES: Record<string, string> = { linux: 'Linux', darwin: 'macOS', win32: 'Windows' };

function FleetSummary(): ReactNode {
  const tr = useT();
  const { t } = tr;
  const totals = useRootStore((s) => s.totals);
  const monitoring = useRootStore((s) => s.monitoring);
  const pending = useRootStore((s) => pendingAcceptanceCount(s.drift));
  const standard = useRootStore((s) => driftCountsText(s.driftSummary, s.hasStandard, false, pending, tr));
  const standardShort = useRootStore((s) =>
    driftCountsText(s.driftSummary, s.hasStandard, true, pending, tr),
  );
  if (totals === undefined || totals.devices === 0) return null;
  return (
    <p className="status-fleet" aria-label={t('common.shell.status.summary')}>
      <span>{t('common.devices', { count: totals.devices })}</span>
      <span>
        {!monitoring
          ? t('common.shell.status.monitoringStopped')
          : totals.laptopOffNetworkSince !== undefined
            ? t('common.shell.status.offNetwork')
            : t('common.shell.status.online', { count: totals.byState.online ?? 0 })}
      </span>
      <span>{hashRateText(tr, totals.hashRate)}</span>
      <span className={totals.activeAlerts > 0 ? 'status-alerts' : undefined}>
        {t('common.shell.status.alerts', { count: totals.activeAlerts })}
      </span>
      {/* A narrow window (1024 px) says "182 ✓ · 18 differ", so the footer stays one line. */}
      {standard !== undefined && (
        <span data-standard-counts className="standard-counts">
          <span className="counts-wide">{standard}</span>
          <span className="counts-narrow" aria-hidden="true">
            {standardShort}
          </span>
        </span>
      )}
    </p>
  );
}

function Version(): ReactNode {
  const tr = useT();
  const { t } = tr;
  const appInfo = useRootStore((state) => state.appInfo);
  const loadAppInfo = useRootStore((state) => state.loadAppInfo);
  switch (appInfo.status) {
    case 'idle':
    case 'loading':
      return (
        <p className="status-line" role="status">
          {t('common.shell.status.starting')}
        </p>
      );
    case 'ready': {
      const { version, platform, versions } = appInfo.value;
      const named = { version, platform: PLATFORM_NAMES[platform] ?? platform };
      return (
        <p className="status-line" role="status">
          {versions.electron === undefined
            ? t('common.shell.status.version', named)
            : t('common.shell.status.versionElectron', { ...named, electron: versions.electron })}
        </p>
      );
    }
    case 'error':
      return (
        <p className="status-line status-line-error" role="alert">
          {t('common.shell.status.appInfoFailed', { error: errorText(tr, appInfo.error) })}{' '}
          <button type="button" className="link-button" onClick={() => void loadAppInfo()}>
            {t('common.shell.status.tryAgain')}
          </button>
        </p>
      );
  }
}

export function StatusLine(): ReactNode {
  return (
    <div className="status-bar">
      <FleetSummary />
      <Version />
    </div>
  );
}
