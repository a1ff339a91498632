/**
 * Whether a link the window opens is the web page of a fleet device: those open in the system browser,
 * anything else is refused.
 */
import type { FleetEntry } from './fleet-entry';

/** True when `url` is the web page of one of these devices (same scheme, host and port). */
export function isDevicePageUrl(url: string, entries: () => readonly FleetEntry[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  return entries().some((entry) => new URL(entry.addressText).origin === parsed.origin);
}
