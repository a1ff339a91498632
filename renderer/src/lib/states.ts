/**
 * How device states read on a laptop in a loud, bright container: a short label, a tone (colour class)
 * and a group for the state filter. The monitor's own reason is shown next to the badge; these words are
 * the headline. Words are messages (issue 35): `t(look.text)` in the reader's language; `label` keeps the
 * English for code not yet translated (the device panel reads it until it moves to `text`). Kept here rather than imported from shared/domain/monitor.ts, whose zod schemas would
 * otherwise ship in the renderer bundle.
 */
import type { AlertKind, MonitorState } from '../../../shared/domain/monitor';
import type { MessageId } from '../../../shared/i18n/catalogs';
import type { MessageRef } from '../../../shared/i18n/message';
import { message } from '../../../shared/i18n/message';
import { englishTranslator } from '../../../shared/i18n/translate';

export type Tone = 'good' | 'warn' | 'bad' | 'idle';

export interface StateLook {
  /** The English words (deprecated: render `text`). */
  label: string;
  /** The state's name as a message. */
  text: MessageRef;
  tone: Tone;
}

const look = (id: MessageId, tone: Tone): StateLook => ({
  label: englishTranslator().t(id),
  text: message(id),
  tone,
});

export const STATE_LOOKS: Record<MonitorState | 'not-watched', StateLook> = {
  online: look('common.state.online', 'good'),
  discovered: look('common.state.waiting', 'idle'),
  unlocking: look('common.state.checking', 'idle'),
  locked: look('common.state.locked', 'warn'),
  'needs-password': look('common.state.needsPassword', 'warn'),
  'auth-failed': look('common.state.accessRefused', 'bad'),
  'locked-out': look('common.state.lockedOut', 'bad'),
  offline: look('common.state.offline', 'bad'),
  error: look('common.state.error', 'bad'),
  rebooting: look('common.state.rebooting', 'idle'),
  restarting: look('common.state.restarting', 'idle'),
  'not-watched': look('common.state.notWatched', 'idle'),
};

/** The state filter: what a technician asks ("show me what needs me"), not the nine raw states. */
export const STATE_FILTERS = [
  { id: 'all', label: 'fleet.filter.all', states: null },
  {
    id: 'problems',
    label: 'fleet.filter.problems',
    states: ['locked', 'needs-password', 'auth-failed', 'locked-out', 'offline', 'error'],
  },
  { id: 'online', label: 'fleet.filter.online', states: ['online'] },
  { id: 'offline', label: 'fleet.filter.offline', states: ['offline'] },
  {
    id: 'locked',
    label: 'fleet.filter.locked',
    states: ['locked', 'needs-password', 'locked-out', 'auth-failed'],
  },
  { id: 'error', label: 'fleet.filter.error', states: ['error'] },
  // Any state: the devices whose drift says they differ from the site's standard (visible-rows.ts).
  { id: 'differs', label: 'fleet.filter.differs', states: null },
] as const satisfies readonly { id: string; label: MessageId; states: readonly string[] | null }[];

export type StateFilterId = (typeof STATE_FILTERS)[number]['id'];

/** Each alert's name as a message: `t(ALERT_TEXT[kind])`. */
export const ALERT_TEXT: Record<AlertKind, MessageRef> = {
  offline: message('fleet.alert.offline'),
  'needs-password': message('fleet.alert.needsPassword'),
  'auth-failed': message('fleet.alert.authFailed'),
  'locked-out': message('fleet.alert.lockedOut'),
  failure: message('fleet.alert.failure'),
  error: message('fleet.alert.error'),
  temperature: message('fleet.alert.temperature'),
  'hash-rate': message('fleet.alert.hashRate'),
  'duplicate-mac': message('fleet.alert.duplicateMac'),
  'factory-password': message('fleet.alert.factoryPassword'),
};
