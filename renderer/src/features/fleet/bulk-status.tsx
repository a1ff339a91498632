/**
 * The running or finished bulk action: a bar while it runs, then "12 unlocked, 2 failed." with the
 * devices that need attention and why (outcome-failures.tsx), and a button that selects them.
 */
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { errorText } from '../../../../shared/i18n/local-text';
import { useT } from '../../i18n/i18n-provider';
import type { BulkOperation } from '../../stores/bulk-slice';
import { useRootStore } from '../../stores/root-store';
import { OutcomeFailures } from './outcome-failures';

/** Each action's word in `fleet.bulk.done` (an ICU select: its keys hold no hyphen). */
const DONE_WORDS: Record<BulkOperation, string> = {
  unlock: 'unlock',
  provision: 'provision',
  forget: 'forget',
  rescan: 'rescan',
  remove: 'remove',
  password: 'password',
  pools: 'pools',
  locate: 'done',
  'restart-mining': 'restart',
  reboot: 'reboot',
  'power-profile': 'pools',
};

export function BulkStatus(): ReactNode {
  const { bulk, outcomes, outcomesCleared, restartOffer, powerRequested } = useRootStore(
    useShallow((s) => ({
      bulk: s.bulk,
      outcomes: s.outcomes,
      outcomesCleared: s.outcomesCleared,
      restartOffer: s.restartOffer,
      powerRequested: s.powerRequested,
    })),
  );
  const tr = useT();
  const { t } = tr;
  if (bulk.status === 'idle') return null;
  const step = bulk.stepText === undefined ? '' : t(bulk.stepText);
  if (bulk.status === 'running') {
    return (
      <div className="bulk-status" role="status" aria-live="polite">
        <progress className="progress" max={Math.max(1, bulk.total)} value={bulk.done} aria-label={step} />
        <span>
          {t('fleet.bulk.progress', { step, done: bulk.done, total: bulk.total, failed: bulk.failed })}
        </span>
      </div>
    );
  }
  if (bulk.status === 'error') {
    return (
      <div className="bulk-status bulk-error" role="alert">
        <span>{bulk.error === undefined ? '' : errorText(tr, bulk.error)}</span>
        <button type="button" className="link-button" onClick={outcomesCleared}>
          {t('fleet.bulk.dismiss')}
        </button>
      </div>
    );
  }
  const operation = bulk.operation === undefined ? 'done' : DONE_WORDS[bulk.operation];
  const summary =
    bulk.summaryText !== undefined
      ? t(bulk.summaryText)
      : t('fleet.bulk.done', { ok: bulk.ok, operation, failed: bulk.failed });
  return (
    <div
      className={bulk.failed > 0 ? 'bulk-status bulk-mixed' : 'bulk-status bulk-ok'}
      role="status"
      aria-live="polite"
    >
      <strong>{summary}</strong>
      {/* Pools or a power preset just set that a device uses only after a mining restart: the restart,
          offered. */}
      {(bulk.operation === 'pools' || bulk.operation === 'power-profile') && restartOffer.length > 0 && (
        <span className="restart-offer">
          {bulk.operation === 'pools'
            ? t('fleet.bulk.restartOfferPools', { count: restartOffer.length })
            : t('fleet.bulk.restartOfferPreset', { count: restartOffer.length })}{' '}
          <button
            type="button"
            className="button button-primary"
            onClick={() => void powerRequested('restart-mining', restartOffer)}
          >
            {t('fleet.bulk.restartMiningOn', { count: restartOffer.length })}
          </button>
        </span>
      )}
      <OutcomeFailures outcomes={outcomes} />
      <button type="button" className="link-button" onClick={outcomesCleared}>
        {t('fleet.bulk.clear')}
      </button>
    </div>
  );
}
