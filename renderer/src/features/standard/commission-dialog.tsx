/**
 * "Commission…": bring the selected devices to the site's standard, in one confirmation. The site has no
 * standard yet → the dialog sets it first, right here (standard-form.tsx), then goes on to the preview.
 * The preview (`standard:plan`, nothing sent) groups the devices by the steps they need, devices already at
 * the standard read "no change", and devices this laptop knows no password for are checked with the
 * password shown — the factory one, "admin", unless the technician types theirs. One button starts the
 * run; its progress and outcome follow here (commission-run.tsx) and in the fleet's Last action column.
 * Closing the dialog leaves a run going; Commission… shows it again.
 */
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { errorText } from '../../../../shared/i18n/local-text';
import { ModalDialog } from '../../components/modal-dialog';
import { useT } from '../../i18n/i18n-provider';
import { currentSiteName } from '../../stores/current-site';
import { useRootStore } from '../../stores/root-store';
import { FACTORY_PASSWORD, lacksCredential } from '../../stores/standard-slice';
import type { SelectionDialogProps } from '../fleet/selection-dialog-props';
import { CommissionPreview } from './commission-preview';
import { CommissionRunView } from './commission-run';
import { devicesToCommission, standardParts } from './drift-words';
import { StandardForm } from './standard-form';
import './standard.css';

type Step = 'loading' | 'standard' | 'preview';

export function CommissionDialog({ count: selected, onClose }: SelectionDialogProps): ReactNode {
  const tr = useT();
  const { t } = tr;
  const s = useRootStore(
    useShallow((state) => ({
      standard: state.standard,
      plan: state.commissionPlan,
      run: state.commissionRun,
      error: state.commissionError,
      siteName: currentSiteName(state),
      // How many selected devices this laptop knows no password for (counted, not listed: no per-row work).
      unknownPassword: state.rows.filter((row) => state.selection[row.id] === true && lacksCredential(row))
        .length,
      standardRequested: state.standardRequested,
      planRequested: state.commissionPlanRequested,
      startRequested: state.commissionStartRequested,
      dialogClosed: state.commissionDialogClosed,
    })),
  );
  // A run going on when the dialog opened is shown; a run that ended before is not shown again.
  const [shownRunId] = useState(s.run?.status === 'running' ? s.run.runId : undefined);
  const [startedHere, setStartedHere] = useState(false);
  // The technician's own move: "Change it" (the standard), or on to the preview once it is saved.
  const [chosen, setChosen] = useState<Exclude<Step, 'loading'> | undefined>(undefined);
  const [password, setPassword] = useState(FACTORY_PASSWORD);
  const showRun = s.run !== null && (startedHere || s.run.runId === shownRunId);
  const { standardRequested, planRequested } = s;
  const needsPassword = s.unknownPassword > 0;
  // The standard as main keeps it now: none yet → set it first, else the preview.
  const kept = s.standard.status === 'ready' ? s.standard.value.standard : undefined;
  const step: Step = chosen ?? (kept === undefined ? 'loading' : kept === null ? 'standard' : 'preview');

  useEffect(() => {
    void standardRequested();
  }, [standardRequested]);

  // The preview is asked for once on the way in; "Check again with it" and a saved standard ask again.
  const planIdle = s.plan.status === 'idle';
  useEffect(() => {
    if (step === 'preview' && planIdle && !showRun) void planRequested(needsPassword ? password : undefined);
  }, [step, planIdle, showRun, planRequested, needsPassword, password]);

  const close = (): void => {
    s.dialogClosed();
    onClose();
  };

  const toBring = s.plan.status === 'ready' ? devicesToCommission(s.plan.value) : 0;
  const title = showRun
    ? s.run?.status === 'running'
      ? t('standard.commission.titleRunning', { count: s.run.counts.total })
      : t('standard.commission.titleEnded', { count: s.run?.counts.total ?? selected })
    : step === 'standard'
      ? t('standard.commission.titleSetStandard', { site: s.siteName ?? '' })
      : t('standard.commission.bring', { count: selected });

  return (
    <ModalDialog title={title} onClose={close} describedBy="commission-note" className="modal-wide">
      {showRun ? (
        <CommissionRunView onClose={close} />
      ) : step === 'standard' && kept !== undefined ? (
        <>
          {kept === null && (
            <p className="notice-warn" id="commission-note">
              {t('standard.commission.noStandardYet', { site: s.siteName ?? '', count: selected })}
            </p>
          )}
          <StandardForm
            kept={kept}
            siteName={s.siteName ?? ''}
            submitLabel={t('standard.commission.saveAndPreview')}
            onSaved={() => {
              setChosen('preview');
              void planRequested(needsPassword ? password : undefined);
            }}
            onCancel={close}
          />
        </>
      ) : (
        <form
          className="modal-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (toBring === 0) return;
            setStartedHere(true);
            void s.startRequested();
          }}
        >
          <p id="commission-note" className="field-hint password-note">
            {t('standard.commission.stepsNote')}
          </p>
          {kept !== undefined && kept !== null && (
            <p className="commission-standard">
              <strong>{t('standard.commission.theStandard')}</strong>{' '}
              {standardParts(kept)
                .map((part) => t(part))
                .join(' · ')}{' '}
              <button type="button" className="link-button" onClick={() => setChosen('standard')}>
                {t('standard.commission.changeIt')}
              </button>
            </p>
          )}
          {needsPassword && (
            <div className="commission-password">
              <label className="field">
                <span className="field-label">
                  {t('standard.commission.currentPassword', { count: s.unknownPassword })}
                </span>
                <input
                  type="password"
                  autoComplete="off"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              </label>
              <button
                type="button"
                className="button"
                disabled={password === '' || s.plan.status === 'loading'}
                onClick={() => void planRequested(password)}
              >
                {t('standard.commission.checkAgain')}
              </button>
              <p className="field-hint">
                {t('standard.commission.factoryHint', { password: FACTORY_PASSWORD })}
              </p>
            </div>
          )}
          {s.plan.status === 'ready' ? (
            <CommissionPreview plan={s.plan.value} />
          ) : s.plan.status === 'error' ? (
            <p className="field-error" role="alert">
              {errorText(tr, s.plan.error)}
            </p>
          ) : s.standard.status === 'error' ? (
            <p className="field-error" role="alert">
              {errorText(tr, s.standard.error)}
            </p>
          ) : (
            <p role="status">{t('standard.commission.checking', { count: selected })}</p>
          )}
          {s.error !== null && (
            <p className="field-error" role="alert">
              {errorText(tr, s.error)}
            </p>
          )}
          <div className="modal-actions">
            <button type="button" className="button" onClick={close}>
              {t('common.action.cancel')}
            </button>
            <button
              key={`start-${s.plan.status}`}
              type="submit"
              className="button button-primary"
              disabled={toBring === 0}
              autoFocus={toBring > 0}
            >
              {t('standard.commission.bring', { count: toBring })}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
