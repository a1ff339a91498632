/**
 * The two steps every bulk-write dialog shares ("Change password…", "Set pools…"): the first step's
 * Cancel / "Next: preview", and the preview step — main's plan while it is worked out, its error, or the
 * preview itself, then Back, Cancel and Apply (disabled when no device would be sent anything). Nothing is
 * sent before Apply.
 */
import type { ReactNode } from 'react';
import { errorText } from '../../../../shared/i18n/local-text';
import { useT } from '../../i18n/i18n-provider';
import type { AsyncState } from '../../stores/async-state';

export function FirstStepActions({ onCancel }: { onCancel: () => void }): ReactNode {
  const { t } = useT();
  return (
    <div className="modal-actions">
      <button type="button" className="button" onClick={onCancel}>
        {t('common.action.cancel')}
      </button>
      <button type="submit" className="button button-primary">
        {t('fleet-actions.steps.nextPreview')}
      </button>
    </div>
  );
}

export interface PreviewStepProps<T> {
  /** The dialog's description (`describedBy`), shown above the preview. */
  noteId: string;
  note: ReactNode;
  plan: AsyncState<T>;
  /** What is said while main works out the plan. */
  working: string;
  preview: (plan: T) => ReactNode;
  /** Devices the write would be sent to; Apply only when some. */
  toSend: number;
  applyLabel: string;
  onBack: () => void;
  onCancel: () => void;
  onApply: () => void;
}

export function PreviewStep<T>(props: PreviewStepProps<T>): ReactNode {
  const { plan, toSend } = props;
  const tr = useT();
  const { t } = tr;
  return (
    <form
      className="modal-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (toSend > 0) props.onApply();
      }}
    >
      <p id={props.noteId} className="field-hint password-note">
        {props.note}
      </p>
      {plan.status === 'loading' || plan.status === 'idle' ? (
        <p role="status">{props.working}</p>
      ) : plan.status === 'error' ? (
        <p className="field-error" role="alert">
          {errorText(tr, plan.error)}
        </p>
      ) : (
        props.preview(plan.value)
      )}
      <div className="modal-actions">
        {/* Keyed by the preview's state: autoFocus acts on mount, and the preview arrives later. */}
        <button
          key={`back-${plan.status}`}
          type="button"
          className="button"
          onClick={props.onBack}
          autoFocus={toSend === 0}
        >
          {t('fleet-actions.steps.back')}
        </button>
        <button type="button" className="button" onClick={props.onCancel}>
          {t('common.action.cancel')}
        </button>
        <button
          key={`apply-${plan.status}`}
          type="submit"
          className="button button-primary"
          disabled={toSend === 0}
          autoFocus={toSend > 0}
        >
          {props.applyLabel}
        </button>
      </div>
    </form>
  );
}
