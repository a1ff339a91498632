/**
 * "Firmware…" for the selected devices (docs/user-guide.md, "Firmware"): three steps in one dialog.
 * 1. The image, chosen in the system's file dialog (main reads it; the window sees its name, size and
 *    SHA-256), and how the rollout goes: the version to expect, canary, first batch, growth, largest batch,
 *    how many may be offline at once, minutes to come back, whether the devices keep their settings.
 * 2. The plan main makes — nothing is sent to make it: versions now by model (the model to choose when
 *    they report several), the steps, every device with what will happen to it; then Start.
 * 3. The rollout live, "Stop after this batch", the outcome (firmware-run.tsx). Closing the dialog leaves
 *    the rollout going; "Firmware…" shows it again.
 */
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { errorText } from '../../../../shared/i18n/local-text';
import { ModalDialog } from '../../components/modal-dialog';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore } from '../../stores/root-store';
import { FirmwareImageChoice } from './firmware-image-choice';
import { choicesOf, DEFAULT_FORM } from './firmware-form';
import type { FirmwareForm } from './firmware-form';
import { FirmwarePlanView } from './firmware-plan';
import { FirmwareRunView } from './firmware-run';
import type { SelectionDialogProps } from './selection-dialog-props';
import './password-dialog.css';
import './firmware.css';

// The form's parts, where the tests have always found them.
export { choicesOf, DEFAULT_FORM } from './firmware-form';
export type { FirmwareForm } from './firmware-form';

function NumberField(props: {
  label: string;
  value: string;
  placeholder?: string;
  onChange: (value: string) => void;
}): ReactNode {
  return (
    <label className="field">
      <span className="field-label">{props.label}</span>
      <input
        type="text"
        inputMode="numeric"
        value={props.value}
        placeholder={props.placeholder}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}

export function FirmwareDialog({ count: selected, onClose }: SelectionDialogProps): ReactNode {
  const s = useRootStore(
    useShallow((state) => ({
      image: state.firmwareImage,
      plan: state.firmwarePlan,
      run: state.firmwareRun,
      error: state.firmwareError,
      fault: state.firmwareFault,
      loaded: state.firmwareLoaded,
      chooseImage: state.firmwareImageRequested,
      planRequested: state.firmwarePlanRequested,
      planDropped: state.firmwarePlanDropped,
      start: state.firmwareStartRequested,
    })),
  );
  const tr = useT();
  const { t } = tr;
  const [form, setForm] = useState<FirmwareForm>(DEFAULT_FORM);
  const [step, setStep] = useState<'setup' | 'plan'>('setup');
  const [model, setModel] = useState<string | undefined>(undefined);
  const [attempted, setAttempted] = useState(false);
  // Opened while no rollout goes on: a new one is set up (one that ended before is not shown again).
  const [endedBefore] = useState(s.run?.status === 'running' ? undefined : s.run?.runId);
  const { loaded, planDropped } = s;
  useEffect(() => {
    void loaded();
  }, [loaded]);
  const { choices, problems } = choicesOf(form, tr);
  const close = (): void => {
    planDropped();
    onClose();
  };
  const showRun = s.run !== null && (s.run.status === 'running' || s.run.runId !== endedBefore);
  const set = <K extends keyof FirmwareForm>(key: K, value: FirmwareForm[K]): void =>
    setForm({ ...form, [key]: value });

  const plan = (chosenModel: string | undefined): void => {
    if (choices === undefined) return;
    setStep('plan');
    void s.planRequested({ ...choices, ...(chosenModel !== undefined ? { model: chosenModel } : {}) });
  };

  let body: ReactNode;
  if (showRun && s.run !== null) {
    body = <FirmwareRunView run={s.run} onClose={onClose} />;
  } else if (step === 'setup') {
    body = (
      <form
        className="modal-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setAttempted(true);
          if (s.image !== null && choices !== undefined) plan(model);
        }}
      >
        <p id="firmware-note" className="field-hint">
          {t('fleet-actions.firmware.note', { count: selected })}
        </p>
        <FirmwareImageChoice image={s.image} onChoose={() => void s.chooseImage()} />
        <div className="firmware-fields">
          <label className="field">
            <span className="field-label">{t('fleet-actions.firmware.expectVersion')}</span>
            <input
              type="text"
              value={form.expectVersion}
              placeholder="1.2.7"
              onChange={(e) => set('expectVersion', e.target.value)}
            />
          </label>
          <NumberField
            label={t('fleet-actions.firmware.canary')}
            value={form.canary}
            onChange={(v) => set('canary', v)}
          />
          <NumberField
            label={t('fleet-actions.firmware.batch')}
            value={form.batch}
            onChange={(v) => set('batch', v)}
          />
          <NumberField
            label={t('fleet-actions.firmware.growth')}
            value={form.growth}
            onChange={(v) => set('growth', v)}
          />
          <NumberField
            label={t('fleet-actions.firmware.maxBatch')}
            value={form.maxBatch}
            placeholder="250"
            onChange={(v) => set('maxBatch', v)}
          />
          <NumberField
            label={t('fleet-actions.firmware.maxOffline')}
            value={form.maxOffline}
            placeholder={t('fleet-actions.firmware.maxOfflinePlaceholder')}
            onChange={(v) => set('maxOffline', v)}
          />
          <NumberField
            label={t('fleet-actions.firmware.tolerate')}
            value={form.tolerate}
            placeholder="2"
            onChange={(v) => set('tolerate', v)}
          />
          <NumberField
            label={t('fleet-actions.firmware.deadline')}
            value={form.deadline}
            onChange={(v) => set('deadline', v)}
          />
        </div>
        <label className="choice">
          <input
            type="checkbox"
            checked={form.keepSettings}
            onChange={(e) => set('keepSettings', e.target.checked)}
          />
          {t('fleet-actions.firmware.keepSettings')}
        </label>
        <label className="choice">
          <input
            type="checkbox"
            checked={form.retryFailed}
            onChange={(e) => set('retryFailed', e.target.checked)}
          />
          {t('fleet-actions.firmware.retryFailed')}
        </label>
        <label className="choice">
          <input
            type="checkbox"
            checked={form.trustCanary}
            onChange={(e) => set('trustCanary', e.target.checked)}
          />
          {t('fleet-actions.firmware.trustCanary')}
        </label>
        {attempted && s.image === null && (
          <p className="field-error" role="alert">
            {t('fleet-actions.firmware.imageFirst')}
          </p>
        )}
        {problems.map((p) => (
          <p key={p} className="field-error">
            {p}
          </p>
        ))}
        <div className="modal-actions">
          <button type="button" className="button" onClick={close}>
            {t('common.action.cancel')}
          </button>
          <button type="submit" className="button button-primary" disabled={problems.length > 0}>
            {t('fleet-actions.firmware.nextPlan')}
          </button>
        </div>
      </form>
    );
  } else {
    const ready = s.plan.status === 'ready' ? s.plan.value.plan : undefined;
    const toSend = ready !== undefined && ready.refusal === undefined ? ready.steps.length : 0;
    const uploads = ready?.uploads ?? 0;
    const verifying = ready?.devices.filter((d) => d.role === 'verify').length ?? 0;
    body = (
      <form
        className="modal-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (toSend > 0) void s.start();
        }}
      >
        <p id="firmware-note" className="field-hint">
          {t('fleet-actions.firmware.planNote')}
        </p>
        {s.plan.status === 'ready' ? (
          <FirmwarePlanView
            plan={s.plan.value.plan}
            model={model}
            onModel={(m) => {
              setModel(m);
              plan(m);
            }}
          />
        ) : s.plan.status === 'error' ? (
          <p className="field-error" role="alert">
            {errorText(tr, s.plan.error)}
          </p>
        ) : (
          <p role="status">{t('fleet-actions.firmware.planning')}</p>
        )}
        <div className="modal-actions">
          <button
            type="button"
            className="button"
            onClick={() => {
              planDropped();
              setStep('setup');
            }}
          >
            {t('fleet-actions.steps.back')}
          </button>
          <button type="button" className="button" onClick={close}>
            {t('common.action.cancel')}
          </button>
          <button type="submit" className="button button-primary" disabled={toSend === 0}>
            {uploads > 0
              ? t('fleet-actions.firmware.startUpdate', { count: uploads })
              : verifying > 0
                ? t('fleet-actions.firmware.startVerify', { count: verifying })
                : t('fleet-actions.firmware.start')}
          </button>
        </div>
      </form>
    );
  }

  return (
    <ModalDialog
      title={
        showRun
          ? t('fleet-actions.firmware.runTitle')
          : t('fleet-actions.firmware.title', { count: selected })
      }
      onClose={close}
      describedBy="firmware-note"
      className="modal-wide"
    >
      {s.error !== null && (
        <p className="field-error" role="alert">
          {s.fault !== null ? errorText(tr, s.fault) : s.error}
        </p>
      )}
      {body}
    </ModalDialog>
  );
}
