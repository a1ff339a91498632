/**
 * The footer: the fleet at a glance (devices, online, total hash rate, active alerts, and against the
 * site's standard: "182 at the standard · 1 differs · 17 pending acceptance") and the app's version and platform when app:info
 * answers, what went wrong (and a retry) if not.
 */
import type { ReactNode } from 'react';
import { driftCountsText, pendingAcceptanceCount } from '../features/standard/drift-words';
import { hashRate, count } from '../lib/format';
import { useRootStore } from '../stores/root-store';
import '../features/standard/standard.css';

const PLATFORM_NAMES: Record<string, string> = { linux: 'Linux', darwin: 'macOS', win32: 'Windows' };

function FleetSummary(): ReactNode {
  const totals = useRootStore((s) => s.totals);
  const monitoring = useRootStore((s) => s.monitoring);
  const pending = useRootStore((s) => pendingAcceptanceCount(s.drift));
  const standard = useRootStore((s) => driftCountsText(s.driftSummary, s.hasStandard, false, pending));
  const standardShort = useRootStore((s) => driftCountsText(s.driftSummary, s.hasStandard, true, pending));
  if (totals === undefined || totals.devices === 0) return null;
  return (
    <p className="status-fleet" aria-label="Fleet summary">
      <span>{count(totals.devices, 'device')}</span>
      <span>
        {!monitoring
          ? 'monitoring stopped'
          : totals.laptopOffNetworkSince !== undefined
            ? 'not checked: off the site network'
            : `${totals.byState.online ?? 0} online`}
      </span>
      <span>{hashRate(totals.hashRate)}</span>
      <span className={totals.activeAlerts > 0 ? 'status-alerts' : undefined}>
        {count(totals.activeAlerts, 'alert')}
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
  const appInfo = useRootStore((state) => state.appInfo);
  const loadAppInfo = useRootStore((state) => state.loadAppInfo);
  switch (appInfo.status) {
    case 'idle':
    case 'loading':
      return (
        <p className="status-line" role="status">
          Starting…
        </p>
      );
    case 'ready': {
      const { version, platform, versions } = appInfo.value;
      const electron = versions.electron === undefined ? '' : ` · Electron ${versions.electron}`;
      return (
        <p className="status-line" role="status">
          Minerdeck {version} · {PLATFORM_NAMES[platform] ?? platform}
          {electron}
        </p>
      );
    }
    case 'error':
      return (
        <p className="status-line status-line-error" role="alert">
          Could not read the app information: {appInfo.error.message}{' '}
          <button type="button" className="link-button" onClick={() => void loadAppInfo()}>
            Try again
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
