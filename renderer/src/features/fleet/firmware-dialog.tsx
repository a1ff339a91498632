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
import type { FirmwareChoices } from '../../../../shared/ipc/channels/firmware';
import { ModalDialog } from '../../components/modal-dialog';
import { count } from '../../lib/format';
import { useRootStore } from '../../stores/root-store';
import { FIRMWARE_VERSION, FirmwareImageChoice } from './firmware-image-choice';
import { FirmwarePlanView } from './firmware-plan';
import { FirmwareRunView } from './firmware-run';
import type { SelectionDialogProps } from './selection-dialog-props';
import './password-dialog.css';
import './firmware.css';

/** What the form holds, as typed. */
export interface FirmwareForm {
  expectVersion: string;
  canary: string;
  batch: string;
  /** Each next batch this many times the one before (1: all alike). */
  growth: string;
  /** Empty: 250 (or the first batch when larger). */
  maxBatch: string;
  /** Empty: twice the largest batch. */
  maxOffline: string;
  /** Percent of a later batch that may fail and the rollout go on; empty: 2. */
  tolerate: string;
  deadline: string;
  keepSettings: boolean;
  retryFailed: boolean;
}

export const DEFAULT_FORM: FirmwareForm = {
  expectVersion: '',
  canary: '1',
  batch: '10',
  growth: '4',
  maxBatch: '',
  maxOffline: '',
  tolerate: '',
  deadline: '15',
  keepSettings: true,
  retryFailed: false,
};

/** The choices the form describes, or what is wrong with it, in words. */
export function choicesOf(form: FirmwareForm): { choices?: FirmwareChoices; problems: string[] } {
  const problems: string[] = [];
  const whole = (text: string, what: string, max: number): number | undefined => {
    const value = text.trim();
    if (value === '') return undefined;
    const n = /^\d+$/.test(value) ? Number(value) : NaN;
    if (!(n >= 1 && n <= max)) {
      problems.push(`${what} is a whole number from 1 to ${max.toLocaleString('en-US')}.`);
      return undefined;
    }
    return n;
  };
  const canary = whole(form.canary, 'The canary', 10_000);
  const batch = whole(form.batch, 'The first batch', 10_000);
  const maxBatch = whole(form.maxBatch, 'The largest batch', 10_000);
  const maxOffline = whole(form.maxOffline, 'Offline at once', 10_000);
  const growthText = form.growth.trim();
  const growth = growthText === '' ? undefined : /^\d+(\.\d+)?$/.test(growthText) ? Number(growthText) : NaN;
  if (growth !== undefined && !(growth >= 1 && growth <= 100)) {
    problems.push('The growth is a number from 1 to 100 (1: every batch alike).');
  }
  if (batch !== undefined && maxBatch !== undefined && maxBatch < batch) {
    problems.push('The largest batch cannot be smaller than the first batch.');
  }
  const tolerateText = form.tolerate.trim();
  const tolerate =
    tolerateText === '' ? undefined : /^\d+(\.\d+)?$/.test(tolerateText) ? Number(tolerateText) : NaN;
  if (tolerate !== undefined && !(tolerate >= 0 && tolerate <= 50)) {
    problems.push('The failures a batch may have is a percentage from 0 to 50 (0: the first failure stops).');
  }
  const deadline = whole(form.deadline, 'The minutes to come back', 1440);
  const version = form.expectVersion.trim();
  if (version !== '' && !FIRMWARE_VERSION.test(version)) {
    problems.push('The expected version is printable text of at most 100 characters, e.g. 1.2.7.');
  }
  if (problems.length > 0) return { problems };
  return {
    problems,
    choices: {
      keepSettings: form.keepSettings,
      ...(version !== '' ? { expectVersion: version } : {}),
      ...(canary !== undefined ? { canary } : {}),
      ...(batch !== undefined ? { batch } : {}),
      ...(growth !== undefined ? { growth } : {}),
      ...(maxBatch !== undefined ? { maxBatch } : {}),
      ...(maxOffline !== undefined ? { maxOffline } : {}),
      ...(tolerate !== undefined ? { tolerate } : {}),
      ...(deadline !== undefined ? { deadlineMinutes: deadline } : {}),
      ...(form.retryFailed ? { retryFailed: true } : {}),
    },
  };
}

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
      loaded: state.firmwareLoaded,
      chooseImage: state.firmwareImageRequested,
      planRequested: state.firmwarePlanRequested,
      planDropped: state.firmwarePlanDropped,
      start: state.firmwareStartRequested,
    })),
  );
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
  const { choices, problems } = choicesOf(form);
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
          Brings {count(selected, 'device')} to one firmware version: a canary first, then batches that grow
          with each clean one (uploads keep going while the batch before is verified). Each device is verified
          by the version it reports after its reboot, and must mine again if it did. The rollout stops by
          itself at a failure in the canary or the first batch, or when a later batch loses more than 2 % of
          its devices. You see the plan before anything is sent.
        </p>
        <FirmwareImageChoice image={s.image} onChoose={() => void s.chooseImage()} />
        <div className="firmware-fields">
          <label className="field">
            <span className="field-label">Expected version (optional)</span>
            <input
              type="text"
              value={form.expectVersion}
              placeholder="1.2.7"
              onChange={(e) => set('expectVersion', e.target.value)}
            />
          </label>
          <NumberField label="Canary (devices)" value={form.canary} onChange={(v) => set('canary', v)} />
          <NumberField label="First batch" value={form.batch} onChange={(v) => set('batch', v)} />
          <NumberField label="Growth (× per batch)" value={form.growth} onChange={(v) => set('growth', v)} />
          <NumberField
            label="Largest batch"
            value={form.maxBatch}
            placeholder="250"
            onChange={(v) => set('maxBatch', v)}
          />
          <NumberField
            label="Offline at once"
            value={form.maxOffline}
            placeholder="2 × largest"
            onChange={(v) => set('maxOffline', v)}
          />
          <NumberField
            label="Failures a batch may have (%)"
            value={form.tolerate}
            placeholder="2"
            onChange={(v) => set('tolerate', v)}
          />
          <NumberField
            label="Minutes to come back"
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
          Keep each device’s settings (pools, passwords) through the update
        </label>
        <label className="choice">
          <input
            type="checkbox"
            checked={form.retryFailed}
            onChange={(e) => set('retryFailed', e.target.checked)}
          />
          Try again on devices this image failed on in an earlier run
        </label>
        {attempted && s.image === null && (
          <p className="field-error" role="alert">
            Choose the firmware image first.
          </p>
        )}
        {problems.map((p) => (
          <p key={p} className="field-error">
            {p}
          </p>
        ))}
        <div className="modal-actions">
          <button type="button" className="button" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={problems.length > 0}>
            Next: plan
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
          Nothing has been sent yet. Each device gets the image once, reboots, and is verified by the version
          it reports.
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
            {s.plan.error.message}
          </p>
        ) : (
          <p role="status">Reading every device’s model and version and making the plan…</p>
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
            Back
          </button>
          <button type="button" className="button" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={toSend === 0}>
            {uploads > 0
              ? `Start: update ${count(uploads, 'device')}`
              : verifying > 0
                ? `Start: verify ${count(verifying, 'device')}`
                : 'Start'}
          </button>
        </div>
      </form>
    );
  }

  return (
    <ModalDialog
      title={showRun ? 'Firmware update' : `Firmware of ${count(selected, 'device')}`}
      onClose={close}
      describedBy="firmware-note"
      className="modal-wide"
    >
      {s.error !== null && (
        <p className="field-error" role="alert">
          {s.error}
        </p>
      )}
      {body}
    </ModalDialog>
  );
}
