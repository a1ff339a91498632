/**
 * The running or finished bulk action: a bar while it runs, then "12 unlocked, 2 failed." with the
 * devices that need attention and why (outcome-failures.tsx), and a button that selects them.
 */
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { count } from '../../lib/format';
import { useRootStore } from '../../stores/root-store';
import { OutcomeFailures } from './outcome-failures';

const DONE_WORDS = {
  unlock: 'unlocked',
  provision: 'with an API key',
  forget: 'forgotten',
  rescan: 'answered',
  remove: 'removed',
  password: 'changed',
  pools: 'set',
  locate: 'done',
  'restart-mining': 'restarted',
  reboot: 'rebooting',
  'power-profile': 'set',
} as const;

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
  if (bulk.status === 'idle') return null;
  if (bulk.status === 'running') {
    return (
      <div className="bulk-status" role="status" aria-live="polite">
        <progress
          className="progress"
          max={Math.max(1, bulk.total)}
          value={bulk.done}
          aria-label={bulk.step}
        />
        <span>
          {bulk.step}: {bulk.done} of {count(bulk.total, 'device')}
          {bulk.failed > 0 ? `, ${bulk.failed} failed` : ''}…
        </span>
      </div>
    );
  }
  if (bulk.status === 'error') {
    return (
      <div className="bulk-status bulk-error" role="alert">
        <span>{bulk.error?.message}</span>
        <button type="button" className="link-button" onClick={outcomesCleared}>
          Dismiss
        </button>
      </div>
    );
  }
  const words = bulk.operation === undefined ? 'done' : DONE_WORDS[bulk.operation];
  return (
    <div
      className={bulk.failed > 0 ? 'bulk-status bulk-mixed' : 'bulk-status bulk-ok'}
      role="status"
      aria-live="polite"
    >
      <strong>
        {bulk.summary ?? `${bulk.ok} ${words}${bulk.failed > 0 ? `, ${bulk.failed} failed` : ''}.`}
      </strong>
      {/* Pools or a power preset just set that a device uses only after a mining restart: the restart,
          offered. */}
      {(bulk.operation === 'pools' || bulk.operation === 'power-profile') && restartOffer.length > 0 && (
        <span className="restart-offer">
          {count(restartOffer.length, 'device')}{' '}
          {bulk.operation === 'pools'
            ? `${restartOffer.length === 1 ? 'mines' : 'mine'} on the new pools`
            : `${restartOffer.length === 1 ? 'runs' : 'run'} the new preset`}{' '}
          only after a mining restart.{' '}
          <button
            type="button"
            className="button button-primary"
            onClick={() => void powerRequested('restart-mining', restartOffer)}
          >
            {`Restart mining on ${count(restartOffer.length, 'device')}`}
          </button>
        </span>
      )}
      <OutcomeFailures outcomes={outcomes} />
      <button type="button" className="link-button" onClick={outcomesCleared}>
        Clear
      </button>
    </div>
  );
}
