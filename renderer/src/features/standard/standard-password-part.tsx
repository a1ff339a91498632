/**
 * The standard's site password part: the one kept in the keychain, or a new one typed twice (kept only in
 * the keychain as the site's password, never shown again).
 */
import type { ReactNode } from 'react';
import { NEW_PASSWORD_MIN_LENGTH } from '../../../../shared/domain/password-rules';
import { useT } from '../../i18n/i18n-provider';
import { Part } from './standard-part';
import type { StandardFormState } from './use-standard-form';

export function PasswordPart({ form, stored }: { form: StandardFormState; stored: boolean }): ReactNode {
  const { on, typeNew, text, again } = form.password;
  const invalid = form.attempted && form.passwordProblem !== undefined;
  const { t } = useT();
  return (
    <Part
      id="password"
      label={t('standard.password.label')}
      hint={t('standard.password.hint')}
      on={on.value}
      onToggle={on.set}
    >
      {stored && (
        <div className="standard-choices">
          <label className="choice">
            <input
              type="radio"
              name="standard-password"
              checked={!typeNew.value}
              onChange={() => typeNew.set(false)}
            />
            {t('standard.password.kept')}
          </label>
          <label className="choice">
            <input
              type="radio"
              name="standard-password"
              checked={typeNew.value}
              onChange={() => typeNew.set(true)}
            />
            {t('standard.password.new')}
          </label>
        </div>
      )}
      {typeNew.value && (
        <div className="standard-row">
          <label className="field">
            <span className="field-label">{t('standard.password.field')}</span>
            <input
              type="password"
              autoComplete="new-password"
              value={text.value}
              aria-invalid={invalid}
              onChange={(e) => text.set(e.target.value)}
            />
          </label>
          <label className="field">
            <span className="field-label">{t('standard.password.again')}</span>
            <input
              type="password"
              autoComplete="new-password"
              value={again.value}
              aria-invalid={invalid}
              onChange={(e) => again.set(e.target.value)}
            />
          </label>
          <p className="field-hint">{t('standard.password.rule', { min: NEW_PASSWORD_MIN_LENGTH })}</p>
        </div>
      )}
    </Part>
  );
}
