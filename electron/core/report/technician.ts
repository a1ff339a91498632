/**
 * Who hands the site over, for page 1 and its signature block: what the technician typed (the app's
 * Report view, `report --technician`), else the laptop's user — the person logged in is usually the one
 * on site. Never empty: an unknown user reads as a blank line to fill in by hand.
 */
import { userInfo } from 'node:os';

export const MAX_TECHNICIAN = 100;

export function technicianOf(given: string | undefined): string {
  const typed = given?.trim().slice(0, MAX_TECHNICIAN);
  if (typed !== undefined && typed !== '') return typed;
  try {
    return userInfo().username;
  } catch {
    // No user entry for this process (some containers): the signature block leaves the line to fill in.
    return '';
  }
}
