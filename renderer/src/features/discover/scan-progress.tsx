/** The running scan: a bar, addresses done of total, rate, time left, found so far, and Cancel. */
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { numberText } from '../../../../shared/i18n/formats';
import type { Translator } from '../../../../shared/i18n/translate';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore } from '../../stores/root-store';

/** "12 s", "3 min 20 s" for the scan's time left, in the window's language. */
function timeLeftText(tr: Translator, seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds))
    return tr.t('common.timeLeft.unknown');
  if (seconds < 1) return tr.t('common.timeLeft.moment');
  if (seconds < 60) return tr.t('common.duration.seconds', { s: Math.ceil(seconds) });
  const m = Math.floor(seconds / 60);
  return tr.t('common.duration.minutesSeconds', { m, s: Math.round(seconds - m * 60) });
}

export function ScanProgressBar(): ReactNode {
  const tr = useT();
  const { t } = tr;
  const { scan, found, scanCancelled } = useRootStore(
    useShallow((s) => ({ scan: s.scan, found: s.results.length, scanCancelled: s.scanCancelled })),
  );
  if (scan.status === 'idle' || scan.status === 'error') return null;
  const total = scan.progress?.total ?? scan.total ?? 0;
  const probed = scan.summary?.probed ?? scan.progress?.probed ?? 0;
  const running = scan.status === 'starting' || scan.status === 'running';
  const rate = scan.progress?.rate ?? 0;

  return (
    <div className="scan-progress" aria-label={t('discover.progress.label')}>
      <div className="progress-row">
        <progress
          className="progress"
          max={Math.max(1, total)}
          value={probed}
          aria-label={t('discover.progress.scanned')}
        />
        {running && (
          <button type="button" className="button button-danger" onClick={() => void scanCancelled()}>
            {t('discover.progress.cancel')}
          </button>
        )}
      </div>
      <p className="progress-text" role="status" aria-live="polite">
        {running && (
          <>
            {t('discover.progress.running', {
              probed,
              total,
              rate: Math.round(rate),
              left: timeLeftText(tr, scan.progress?.etaSeconds),
            })}{' '}
            · <strong>{t('discover.progress.found', { count: found })}</strong>
          </>
        )}
        {scan.status === 'done' && scan.summary !== undefined && (
          <>
            {t('discover.progress.done', {
              seconds: numberText(tr, scan.summary.durationMs / 1000, 1),
              found: scan.summary.found,
              total: scan.summary.total,
            })}
            {scan.summary.unresolved.length > 0 &&
              ` ${t('discover.progress.unresolved', { names: scan.summary.unresolved.join(', ') })}`}
          </>
        )}
        {scan.status === 'cancelled' && scan.summary !== undefined && (
          <>
            {t('discover.progress.cancelled', {
              probed: scan.summary.probed,
              total: scan.summary.total,
              found: scan.summary.found,
            })}
          </>
        )}
      </p>
    </div>
  );
}
