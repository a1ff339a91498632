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
import { numberText } from '../../../../shared/i18n/formats';
import { englishTranslator } from '../../../../shared/i18n/translate';
import type { Translator } from '../../../../shared/i18n/translate';
import { ModalDialog } from '../../components/modal-dialog';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore } from '../../stores/root-store';
import type { PowerKind } from './power-choice-fields';
import { PowerChoiceFields } from './power-choice-fields';
import { PowerPreview } from './power-preview';
import { FirstStepActions, PreviewStep } from './write-dialog-steps';
import './password-dialog.css';
import './power-dialog.css';

type Kind = PowerKind;

/** The choice the form describes, or what is wrong with it, in words (the translator's; English by default). */
export function choiceOf(
  kind: Kind,
  text: Record<Kind, string>,
  tr: Translator = englishTranslator(),
): { choice?: PowerChoice; problem?: string } {
  const value = text[kind].trim();
  if (kind === 'preset') {
    if (value === '') return { problem: tr.t('fleet-actions.power.problem.noPreset') };
    if (value.length > 64) return { problem: tr.t('fleet-actions.power.problem.longPreset') };
    return { choice: { kind, name: value } };
  }
  const number = /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
  const max = kind === 'max-watts' ? MAX_DEVICE_WATTS : MAX_SITE_KW;
  if (!(number > 0) || number > max) {
    const id = kind === 'max-watts' ? 'fleet-actions.power.problem.watts' : 'fleet-actions.power.problem.kw';
    return { problem: tr.t(id, { max: numberText(tr, max) }) };
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
  const tr = useT();
  const { t } = tr;
  const [step, setStep] = useState<'choice' | 'plan'>('choice');
  const [kind, setKind] = useState<Kind>('site-kw');
  const [text, setText] = useState<Record<Kind, string>>({ preset: '', 'max-watts': '', 'site-kw': '' });
  const [attempted, setAttempted] = useState(false);
  const { choice, problem } = choiceOf(kind, text, tr);

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
      title={t('fleet-actions.power.title', { count: selected })}
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
            {t('fleet-actions.power.note')}
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
          note={t('fleet-actions.common.oneRequest')}
          plan={s.plan}
          working={t('fleet-actions.power.working')}
          preview={(plan) => <PowerPreview plan={plan} />}
          toSend={toSet}
          applyLabel={t('fleet-actions.power.apply', { count: toSet })}
          onBack={back}
          onCancel={close}
          onApply={apply}
        />
      )}
    </ModalDialog>
  );
}
