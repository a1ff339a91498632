/**
 * Scan options (ports, connect timeout, addresses at once) folded away with their defaults, and the
 * Scan button — which says how many addresses it will scan, and asks to confirm a very large scan.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { errorText } from '../../../../shared/i18n/local-text';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore } from '../../stores/root-store';

export function ScanControls(): ReactNode {
  const tr = useT();
  const { t } = tr;
  const { check, options, scan, scanOptionsChanged, scanRequested } = useRootStore(
    useShallow((s) => ({
      check: s.targetCheck,
      options: s.scanOptions,
      scan: s.scan,
      scanOptionsChanged: s.scanOptionsChanged,
      scanRequested: s.scanRequested,
    })),
  );
  const [confirmed, setConfirmed] = useState(false);
  const busy = scan.status === 'starting' || scan.status === 'running';
  const needsConfirm = check.needsConfirmation === true;
  const ready = check.status === 'valid' && (!needsConfirm || confirmed) && !busy;

  return (
    <div className="scan-controls">
      <details className="scan-options">
        <summary>{t('discover.controls.options')}</summary>
        <div className="options-grid">
          <label>
            {t('discover.controls.ports')}
            <input
              type="text"
              inputMode="numeric"
              value={options.ports}
              onChange={(e) => scanOptionsChanged({ ports: e.target.value })}
              aria-describedby="ports-hint"
            />
            <span id="ports-hint" className="field-hint">
              {t('discover.controls.portsHint')}
            </span>
          </label>
          <label>
            {t('discover.controls.timeout')}
            <input
              type="number"
              min={20}
              max={60000}
              value={options.connectTimeoutMs}
              onChange={(e) => scanOptionsChanged({ connectTimeoutMs: Number(e.target.value) })}
            />
            <span className="field-hint">{t('discover.controls.timeoutHint')}</span>
          </label>
          <label>
            {t('discover.controls.concurrency')}
            <input
              type="number"
              min={1}
              max={4096}
              value={options.concurrency}
              onChange={(e) => scanOptionsChanged({ concurrency: Number(e.target.value) })}
            />
          </label>
        </div>
      </details>
      {needsConfirm && check.count !== undefined && (
        <label className="confirm-large">
          <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />
          {t('discover.controls.confirmLarge', { count: check.count })}
        </label>
      )}
      <button
        type="button"
        className="button button-primary button-large"
        disabled={!ready}
        onClick={() => void scanRequested(needsConfirm ? { confirmed: true } : {})}
      >
        {busy
          ? t('discover.controls.scanning')
          : check.status === 'valid' && check.count !== undefined
            ? t('discover.controls.scanCount', { count: check.count })
            : t('discover.controls.scan')}
      </button>
      {scan.status === 'error' && scan.error !== undefined && (
        <p className="field-error" role="alert">
          {errorText(tr, scan.error)}
        </p>
      )}
    </div>
  );
}
