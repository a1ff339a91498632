/**
 * "Power…" for the selected devices, in two steps. First how to choose each device's autotune preset: one
 * preset by name for all, the highest preset under a watt limit per device (tuned ones first), or a site
 * power budget spread over the devices for the most hash rate (never a preset needing a modified power
 * supply the device lacks). Then the plan main computes — per device the preset, its watts and expected
 * hash rate, the totals against the budget — and Apply. The fleet's Last action column and the bulk line
 * then tell each device's outcome, and the bulk line offers the mining restart the devices ask for.
 * Nothing is sent before Apply.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { PowerChoice } from '../../../../shared/domain/power-plan';
import { MAX_DEVICE_WATTS, MAX_SITE_KW } from '../../../../shared/domain/power-limits';
import { ModalDialog } from '../../components/modal-dialog';
import { count } from '../../lib/format';
import { useRootStore } from '../../stores/root-store';
import type { PowerKind } from './power-choice-fields';
import { PowerChoiceFields } from './power-choice-fields';
import { PowerPreview } from './power-preview';
import { FirstStepActions, PreviewStep } from './write-dialog-steps';
import './password-dialog.css';
import './power-dialog.css';

type Kind = PowerKind;

/** The choice the form describes, or what is wrong with it, in words. */
export function choiceOf(kind: Kind, text: Record<Kind, string>): { choice?: PowerChoice; problem?: string } {
  const value = text[kind].trim();
  if (kind === 'preset') {
    if (value === '')
      return { problem: 'Type the preset name as the devices list it, e.g. 3200 or disabled.' };
    if (value.length > 64) return { problem: 'A preset name is at most 64 characters.' };
    return { choice: { kind, name: value } };
  }
  const number = /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
  const max = kind === 'max-watts' ? MAX_DEVICE_WATTS : MAX_SITE_KW;
  const unit = kind === 'max-watts' ? 'watts per device' : 'kilowatts for these devices';
  if (!(number > 0) || number > max) {
    return { problem: `Type a number of ${unit} above 0 and at most ${max.toLocaleString('en-US')}.` };
  }
  return { choice: kind === 'max-watts' ? { kind, watts: number } : { kind, kw: number } };
}

export function PowerDialog({ count: selected, onClose }: { count: number; onClose: () => void }): ReactNode {
  const s = useRootStore(
    useShallow((state) => ({
      plan: state.powerDialog.plan,
      planRequested: state.powerPlanRequested,
      planDropped: state.powerPlanDropped,
      setRequested: state.powerSetRequested,
      dialogClosed: state.powerDialogClosed,
    })),
  );
  const [step, setStep] = useState<'choice' | 'plan'>('choice');
  const [kind, setKind] = useState<Kind>('site-kw');
  const [text, setText] = useState<Record<Kind, string>>({ preset: '', 'max-watts': '', 'site-kw': '' });
  const [attempted, setAttempted] = useState(false);
  const { choice, problem } = choiceOf(kind, text);

  const close = (): void => {
    s.dialogClosed();
    onClose();
  };
  const next = (): void => {
    setAttempted(true);
    if (choice === undefined) return;
    setStep('plan');
    void s.planRequested(choice);
  };
  const back = (): void => {
    s.planDropped();
    setStep('choice');
  };
  const apply = (): void => {
    void s.setRequested();
    onClose();
  };
  const toSet = s.plan.status === 'ready' ? s.plan.value.entries.filter((e) => e.send).length : 0;

  return (
    <ModalDialog
      title={`Power presets of ${count(selected, 'device')}`}
      onClose={close}
      describedBy="power-note"
      className="modal-wide"
    >
      {step === 'choice' ? (
        <form
          className="modal-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            next();
          }}
        >
          <p id="power-note" className="field-hint password-note">
            Each device gets one autotune preset (a watt figure with its hash rate), sent once and read back.
            You see every device's preset, its power and the totals before anything is sent.
          </p>
          <PowerChoiceFields
            kind={kind}
            text={text}
            onKind={setKind}
            onText={(k, value) => setText({ ...text, [k]: value })}
          />
          {attempted && problem !== undefined && (
            <p className="field-error" role="alert">
              {problem}
            </p>
          )}
          <FirstStepActions onCancel={close} />
        </form>
      ) : (
        <PreviewStep
          noteId="power-note"
          note="One request per device; each is read back. Nothing has been sent yet."
          plan={s.plan}
          working="Reading each device's presets and working out the plan…"
          preview={(plan) => <PowerPreview plan={plan} />}
          toSend={toSet}
          applyLabel={`Set presets on ${count(toSet, 'device')}`}
          onBack={back}
          onCancel={close}
          onApply={apply}
        />
      )}
    </ModalDialog>
  );
}
