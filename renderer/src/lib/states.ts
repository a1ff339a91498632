/**
 * How device states read on a laptop in a loud, bright container: a short label, a tone (colour class)
 * and a group for the state filter. The monitor's own reason is shown next to the badge; these words are
 * the headline. Kept here rather than imported from shared/domain/monitor.ts, whose zod schemas would
 * otherwise ship in the renderer bundle.
 */
import type { AlertKind, MonitorState } from '../../../shared/domain/monitor';

export type Tone = 'good' | 'warn' | 'bad' | 'idle';

export interface StateLook {
  label: string;
  tone: Tone;
}

export const STATE_LOOKS: Record<MonitorState | 'not-watched', StateLook> = {
  online: { label: 'Online', tone: 'good' },
  discovered: { label: 'Waiting', tone: 'idle' },
  unlocking: { label: 'Checking', tone: 'idle' },
  locked: { label: 'Locked', tone: 'warn' },
  'needs-password': { label: 'Needs password', tone: 'warn' },
  'auth-failed': { label: 'Access refused', tone: 'bad' },
  'locked-out': { label: 'Locked out', tone: 'bad' },
  offline: { label: 'Offline', tone: 'bad' },
  error: { label: 'Error', tone: 'bad' },
  rebooting: { label: 'Rebooting', tone: 'idle' },
  restarting: { label: 'Restarting', tone: 'idle' },
  'not-watched': { label: 'Not watched', tone: 'idle' },
};

/** The state filter: what a technician asks ("show me what needs me"), not the nine raw states. */
export const STATE_FILTERS = [
  { id: 'all', label: 'All devices', states: null },
  {
    id: 'problems',
    label: 'Needs attention',
    states: ['locked', 'needs-password', 'auth-failed', 'locked-out', 'offline', 'error'],
  },
  { id: 'online', label: 'Online', states: ['online'] },
  { id: 'offline', label: 'Offline', states: ['offline'] },
  {
    id: 'locked',
    label: 'Locked / needs password',
    states: ['locked', 'needs-password', 'locked-out', 'auth-failed'],
  },
  { id: 'error', label: 'Error', states: ['error'] },
  // Any state: the devices whose drift says they differ from the site's standard (visible-rows.ts).
  { id: 'differs', label: 'Differs from the standard', states: null },
] as const satisfies readonly { id: string; label: string; states: readonly string[] | null }[];

export type StateFilterId = (typeof STATE_FILTERS)[number]['id'];

export const ALERT_WORDS: Record<AlertKind, string> = {
  offline: 'Offline',
  'needs-password': 'Needs password',
  'auth-failed': 'Access refused',
  'locked-out': 'Locked out',
  failure: 'Device failure',
  error: 'Error',
  temperature: 'Too hot',
  'hash-rate': 'Low hash rate',
  'duplicate-mac': 'Same MAC as another',
  'factory-password': 'Factory password',
};
