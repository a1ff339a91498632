/**
 * "Set pools…" for the selected devices, in two steps. First the pools: one of the site's
 * presets, or typed (up to three: url, worker template, password), optionally saved as a preset. Then the
 * preview main computes — each device's worker in each pool, flagged when a template gives it none, an
 * empty one or another device's — and Apply. The fleet's Last action column and the bulk line then tell
 * each device's outcome, and the bulk line offers the mining restart the devices ask for. Nothing is sent
 * before Apply.
 */
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { PoolSpec } from '../../../../shared/domain/pools';
import { errorText } from '../../../../shared/i18n/local-text';
import { ModalDialog } from '../../components/modal-dialog';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore } from '../../stores/root-store';
import { NEW_POOLS, PoolPresetPicker } from './pool-preset-picker';
import { PoolsForm, emptyPool, poolProblems } from './pools-form';
import { PoolsPreview } from './pools-preview';
import { useWorkerSample } from './worker-sample';
import { FirstStepActions, PreviewStep } from './write-dialog-steps';
import './password-dialog.css';
import './pools-dialog.css';

export function PoolsDialog({ count: selected, onClose }: { count: number; onClose: () => void }): ReactNode {
  const s = useRootStore(
    useShallow((state) => ({
      dialog: state.poolsDialog,
      presetsRequested: state.poolPresetsRequested,
      presetSaved: state.poolPresetSaved,
      presetDeleted: state.poolPresetDeleted,
      planRequested: state.poolsPlanRequested,
      planDropped: state.poolsPlanDropped,
      setRequested: state.poolsSetRequested,
      dialogClosed: state.poolsDialogClosed,
    })),
  );
  const tr = useT();
  const { t } = tr;
  const [step, setStep] = useState<'pools' | 'preview'>('pools');
  const [pools, setPools] = useState<PoolSpec[]>(() => [emptyPool()]);
  const [preset, setPreset] = useState(NEW_POOLS);
  const [presetName, setPresetName] = useState('');
  const [attempted, setAttempted] = useState(false);
  const { presets, plan, planned, presetNote } = s.dialog;
  const { presetsRequested } = s;

  useEffect(() => {
    void presetsRequested();
  }, [presetsRequested]);

  const problems = poolProblems(pools, tr);
  const valid = Object.keys(problems).length === 0;
  const sample = useWorkerSample();

  const close = (): void => {
    s.dialogClosed();
    onClose();
  };

  const choosePreset = (name: string, chosen: readonly PoolSpec[] | undefined): void => {
    setPreset(name);
    setPools(chosen === undefined ? [emptyPool()] : chosen.map((p) => ({ ...p })));
    setPresetName(chosen === undefined ? '' : name);
  };

  const next = (): void => {
    setAttempted(true);
    if (!valid) return;
    setStep('preview');
    void s.planRequested(pools);
  };

  const back = (): void => {
    s.planDropped();
    setStep('pools');
  };

  const apply = (): void => {
    void s.setRequested();
    onClose();
  };

  const toSet = plan.status === 'ready' ? plan.value.filter((e) => e.send).length : 0;

  return (
    <ModalDialog
      title={t('fleet-actions.pools.title', { count: selected })}
      onClose={close}
      describedBy="pools-note"
      className="modal-wide"
    >
      {step === 'pools' ? (
        <form
          className="modal-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            next();
          }}
        >
          <p id="pools-note" className="field-hint password-note">
            {t('fleet-actions.pools.note')}
          </p>
          <div className="preset-line">
            <label className="field-label" htmlFor="pools-preset">
              {t('fleet-actions.pools.preset')}
            </label>
            <PoolPresetPicker
              presets={presets}
              value={preset}
              onChoose={choosePreset}
              onDelete={(name) => {
                void s.presetDeleted(name);
                setPreset(NEW_POOLS);
              }}
            />
          </div>
          <PoolsForm
            pools={pools}
            onChange={setPools}
            problems={attempted ? problems : {}}
            {...(sample !== undefined ? { sample } : {})}
          />
          <div className="preset-line">
            <label className="field-label" htmlFor="pools-preset-name">
              {t('fleet-actions.pools.saveAs')}
            </label>
            <input
              id="pools-preset-name"
              type="text"
              maxLength={60}
              placeholder={t('fleet-actions.pools.presetPlaceholder')}
              value={presetName}
              onChange={(e) => setPresetName(e.target.value)}
            />
            <button
              type="button"
              className="button"
              disabled={presetName.trim() === ''}
              onClick={() => {
                setAttempted(true);
                if (!valid) return;
                const name = presetName.trim();
                void s.presetSaved(name, pools).then((saved) => {
                  if (saved) setPreset(name);
                });
              }}
            >
              {t('fleet-actions.pools.savePreset')}
            </button>
            {presetNote !== undefined && (
              <span className={presetNote.ok ? 'notice-ok' : 'field-error'} role="status">
                {presetNote.ok ? t(presetNote.said) : errorText(tr, presetNote.error)}
              </span>
            )}
          </div>
          <FirstStepActions onCancel={close} />
        </form>
      ) : (
        <PreviewStep
          noteId="pools-note"
          note={t('fleet-actions.common.oneRequest')}
          plan={plan}
          working={t('fleet-actions.pools.working')}
          preview={(entries) => <PoolsPreview plan={entries} pools={planned ?? pools} />}
          toSend={toSet}
          applyLabel={t('fleet-actions.pools.apply', { count: toSet })}
          onBack={back}
          onCancel={close}
          onApply={apply}
        />
      )}
    </ModalDialog>
  );
}
