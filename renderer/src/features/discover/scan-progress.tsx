/** The running scan: a bar, addresses done of total, rate, time left, found so far, and Cancel. */
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { count, timeLeft } from '../../lib/format';
import { useRootStore } from '../../stores/root-store';

export function ScanProgressBar(): ReactNode {
  const { scan, found, scanCancelled } = useRootStore(
    useShallow((s) => ({ scan: s.scan, found: s.results.length, scanCancelled: s.scanCancelled })),
  );
  if (scan.status === 'idle' || scan.status === 'error') return null;
  const total = scan.progress?.total ?? scan.total ?? 0;
  const probed = scan.summary?.probed ?? scan.progress?.probed ?? 0;
  const running = scan.status === 'starting' || scan.status === 'running';
  const rate = scan.progress?.rate ?? 0;

  return (
    <div className="scan-progress" aria-label="Scan progress">
      <div className="progress-row">
        <progress
          className="progress"
          max={Math.max(1, total)}
          value={probed}
          aria-label="Addresses scanned"
        />
        {running && (
          <button type="button" className="button button-danger" onClick={() => void scanCancelled()}>
            Cancel scan
          </button>
        )}
      </div>
      <p className="progress-text" role="status" aria-live="polite">
        {running && (
          <>
            {probed.toLocaleString('en-US')} of {count(total, 'address', 'addresses')} ·{' '}
            {Math.round(rate).toLocaleString('en-US')} per second · {timeLeft(scan.progress?.etaSeconds)} left
            · <strong>{count(found, 'host')} found</strong>
          </>
        )}
        {scan.status === 'done' && scan.summary !== undefined && (
          <>
            Scan finished in {(scan.summary.durationMs / 1000).toFixed(1)} s:{' '}
            {count(scan.summary.found, 'host')} answered out of{' '}
            {count(scan.summary.total, 'address', 'addresses')}.
            {scan.summary.unresolved.length > 0 && ` Names not found: ${scan.summary.unresolved.join(', ')}.`}
          </>
        )}
        {scan.status === 'cancelled' && scan.summary !== undefined && (
          <>
            Scan cancelled after {scan.summary.probed.toLocaleString('en-US')} of{' '}
            {count(scan.summary.total, 'address', 'addresses')}; {count(scan.summary.found, 'host')} found so
            far are listed below.
          </>
        )}
      </p>
    </div>
  );
}
