/**
 * What a new device password must be, checked the same way by the window (as the technician types), by
 * main (the `commission:password-change` input schema) and by anything else that sets one. Zod-free so
 * the renderer can use it without shipping zod. The rules keep a technician from replacing the factory
 * password with something as weak, or with a password nobody can type again on the device's own page.
 */

/** The vendor's factory password (field-notes.md): never a new password. */
export const FACTORY_PASSWORD = 'admin';
export const NEW_PASSWORD_MIN_LENGTH = 8;
export const NEW_PASSWORD_MAX_LENGTH = 128;

// eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why `password` cannot be a new device password, in a sentence; undefined when it can. */
export function newPasswordProblem(password: string): string | undefined {
  if (password === '') return 'Type the new password.';
  if (password.toLowerCase() === FACTORY_PASSWORD) {
    return `"${FACTORY_PASSWORD}" is the factory password: choose another one.`;
  }
  if (password.length < NEW_PASSWORD_MIN_LENGTH) {
    return `At least ${NEW_PASSWORD_MIN_LENGTH} characters.`;
  }
  if (password.length > NEW_PASSWORD_MAX_LENGTH) {
    return `At most ${NEW_PASSWORD_MAX_LENGTH} characters.`;
  }
  if (CONTROL.test(password)) return 'No tabs, line breaks or other control characters.';
  if (password.trim() !== password) return 'No spaces at the start or the end.';
  return undefined;
}

/** Why the two typed passwords cannot be used together (the rules above, then "the same twice"). */
export function newPasswordPairProblem(password: string, repeated: string): string | undefined {
  return (
    newPasswordProblem(password) ??
    (repeated === password ? undefined : 'The two passwords are not the same.')
  );
}
