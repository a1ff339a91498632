/**
 * A device's password status in words, the same in the report (CSV, HTML, the app's preview) and the
 * CLI: "factory default", "changed here 2025-11-21 14:05 (UTC+01:00)", "set elsewhere", "unknown (…)".
 */
import type { PasswordStatus } from '../domain/password-status';
import { localTime } from './report-text';

export const PASSWORD_STATUS_WORDS = {
  'factory-default': 'factory default',
  'changed-here': 'changed here',
  'set-elsewhere': 'set elsewhere',
  unknown: 'unknown',
} as const;

export function passwordStatusText(password: PasswordStatus): string {
  const words = PASSWORD_STATUS_WORDS[password.status];
  if (password.status === 'changed-here' && password.changedAt !== undefined) {
    return `${words} ${localTime(password.changedAt)}`;
  }
  if (password.status !== 'unknown') return words;
  if (password.pendingSince !== undefined) {
    return `${words} (changed by this laptop at ${localTime(password.pendingSince)}, not confirmed)`;
  }
  return password.why === undefined ? words : `${words} (${password.why})`;
}
