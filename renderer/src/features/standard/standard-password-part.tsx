/**
 * The standard's site password part: the one kept in the keychain, or a new one typed twice (kept only in
 * the keychain as the site's password, never shown again).
 */
import type { ReactNode } from 'react';
import { NEW_PASSWORD_MIN_LENGTH } from '../../../../shared/domain/password-rules';
import { Part } from './standard-part';
import type { StandardFormState } from './use-standard-form';

export function PasswordPart({ form, stored }: { form: StandardFormState; stored: boolean }): ReactNode {
  const { on, typeNew, text, again } = form.password;
  const invalid = form.attempted && form.passwordProblem !== undefined;
  return (
    <Part
      id="password"
      label="The site password"
      hint={`Replaces the factory password on every device. Kept only in this laptop's keychain, as the site's password.`}
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
            the site password kept in the keychain
          </label>
          <label className="choice">
            <input
              type="radio"
              name="standard-password"
              checked={typeNew.value}
              onChange={() => typeNew.set(true)}
            />
            a new site password
          </label>
        </div>
      )}
      {typeNew.value && (
        <div className="standard-row">
          <label className="field">
            <span className="field-label">Site password</span>
            <input
              type="password"
              autoComplete="new-password"
              value={text.value}
              aria-invalid={invalid}
              onChange={(e) => text.set(e.target.value)}
            />
          </label>
          <label className="field">
            <span className="field-label">Site password again</span>
            <input
              type="password"
              autoComplete="new-password"
              value={again.value}
              aria-invalid={invalid}
              onChange={(e) => again.set(e.target.value)}
            />
          </label>
          <p className="field-hint">
            At least {NEW_PASSWORD_MIN_LENGTH} characters, and not the factory password "admin".
          </p>
        </div>
      )}
    </Part>
  );
}
