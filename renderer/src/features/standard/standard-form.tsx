/**
 * The site's standard as a form, set once per site: the site password (typed twice, kept only in the
 * keychain, or the one already there), the pools (a preset or typed, with worker templates: the pools
 * dialog's own editing pieces), the power rule (the Power dialog's three choices, "one preset for all"
 * chosen from the presets the devices offer) and acceptance (its criteria fields) and the firmware (a
 * version and its image, chosen as Firmware… chooses one: main's file dialog, the window seeing only name,
 * size and SHA-256, so `standard:set` says `image: 'chosen'`), each part ticked in or left out. Saved with
 * `standard:set`; nothing is sent to a device. A `<form className="modal-form">` ending in its buttons,
 * for a ModalDialog: the Standard… dialog and Commission… when the site has no standard yet.
 *
 * Its jobs live beside it: the state and the save (use-standard-form.ts), the values as main takes them
 * (standard-form-input.ts), and a module per larger part (standard-password-part.tsx,
 * standard-firmware-part.tsx, standard-pools-part.tsx).
 */
import type { ReactNode } from 'react';
import { errorText } from '../../../../shared/i18n/local-text';
import { useT } from '../../i18n/i18n-provider';
import { AcceptanceCriteriaFields } from '../fleet/acceptance-criteria-fields';
import { PowerChoiceFields } from '../fleet/power-choice-fields';
import type { Kept } from './standard-form-input';
import { FirmwarePart } from './standard-firmware-part';
import { Part } from './standard-part';
import { PasswordPart } from './standard-password-part';
import { PoolsPart } from './standard-pools-part';
import type { StandardFormState } from './use-standard-form';
import { useStandardForm } from './use-standard-form';
import '../fleet/password-dialog.css';
import '../fleet/pools-dialog.css';
import '../fleet/power-dialog.css';
import './standard.css';

export { CHOOSE_IMAGE_FIRST } from './standard-form-input';

export interface StandardFormProps {
  /** The standard as kept now (null: the site has none yet). */
  kept: Kept;
  siteName: string;
  /** The submit button's words ("Save the standard", "Save and preview"). */
  submitLabel: string;
  onSaved: () => void;
  onCancel: () => void;
}

/** The power rule and acceptance: each the fields its own dialog uses. */
function PowerAndAcceptance({ form }: { form: StandardFormState }): ReactNode {
  const { power, acceptance } = form;
  const { t } = useT();
  return (
    <>
      <Part
        id="power"
        label={t('standard.power.label')}
        hint={t('standard.power.hint')}
        on={power.on.value}
        onToggle={power.on.set}
      >
        <PowerChoiceFields
          kind={power.kind.value}
          text={power.text.value}
          onKind={power.kind.set}
          onText={(k, value) => power.text.set({ ...power.text.value, [k]: value })}
          legend={t('standard.power.legend')}
          name="standard-power-kind"
        />
      </Part>
      <Part
        id="acceptance"
        label={t('standard.acceptance.label')}
        hint={t('standard.acceptance.hint')}
        on={acceptance.on.value}
        onToggle={acceptance.on.set}
      >
        <AcceptanceCriteriaFields text={acceptance.text.value} onChange={acceptance.text.set} />
      </Part>
    </>
  );
}

export function StandardForm({
  kept,
  siteName,
  submitLabel,
  onSaved,
  onCancel,
}: StandardFormProps): ReactNode {
  const form = useStandardForm(kept, onSaved);
  const tr = useT();
  const { t } = tr;
  return (
    <form
      className="modal-form standard-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit();
      }}
    >
      <p id="standard-note" className="field-hint password-note">
        {t('standard.form.note', { site: siteName })}
      </p>
      <PasswordPart form={form} stored={kept?.password.stored === true} />
      <FirmwarePart form={form} kept={kept} />
      <PoolsPart form={form} kept={kept} />
      <PowerAndAcceptance form={form} />
      {form.attempted &&
        form.problems
          .map((p) => t(p))
          .map((p) => (
            <p key={p} className="field-error" role="alert">
              {p}
            </p>
          ))}
      {form.failure !== undefined && (
        <p className="field-error" role="alert">
          {t('standard.form.notKept', { reason: errorText(tr, form.failure) })}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="button" onClick={onCancel}>
          {t('common.action.cancel')}
        </button>
        <button type="submit" className="button button-primary" disabled={form.saving}>
          {form.saving ? t('standard.form.saving') : submitLabel}
        </button>
      </div>
    </form>
  );
}
