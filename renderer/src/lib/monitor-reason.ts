/**
 * The monitor's reason for a device's state, in the window's language. The monitor sends its reasons as
 * short English phrases over the compact monitor wire (electron/core/monitor/state-machine.ts: one shape per
 * state, the device's own words inside); the window knows those shapes and says them in its language,
 * keeping what the device said as it said it. A phrase of another shape (a network error's words) is shown
 * as it came.
 */
import type { MessageId } from '../../../shared/i18n/catalogs';
import type { Translator } from '../../../shared/i18n/translate';

const MINER_STATES: Readonly<Record<string, MessageId>> = {
  mining: 'fleet.minerState.mining',
  initializing: 'fleet.minerState.initializing',
  starting: 'fleet.minerState.starting',
  'auto-tuning': 'fleet.minerState.autoTuning',
  restarting: 'fleet.minerState.restarting',
  'shutting-down': 'fleet.minerState.shuttingDown',
  stopped: 'fleet.minerState.stopped',
  failure: 'fleet.minerState.failure',
  tuning: 'fleet.minerState.tuning',
  paused: 'fleet.minerState.paused',
};

/** The device's state word in the window's language when it is one the vendor documents, else as sent. */
export function minerStateName(tr: Translator, name: string): string {
  const id = MINER_STATES[name.trim().toLowerCase()];
  return id === undefined ? name : tr.t(id);
}

type Shape = [RegExp, (tr: Translator, m: RegExpMatchArray) => string];

const SHAPES: readonly Shape[] = [
  [/^waiting for the first poll$/, (tr) => tr.t('fleet.reason.waiting')],
  [
    /^device reports failure: (.*?)(?: \(code (\S+)\))?$/,
    (tr, m) =>
      m[2] === undefined
        ? tr.t('fleet.reason.failure', { description: m[1] ?? '' })
        : tr.t('fleet.reason.failureCode', { description: m[1] ?? '', code: m[2] }),
  ],
  [
    /^device reports (.+)$/,
    (tr, m) => tr.t('fleet.reason.reports', { state: minerStateName(tr, m[1] ?? '') }),
  ],
  [
    /^password changed on the device: it refused the stored password$/,
    (tr) => tr.t('fleet.reason.passwordChanged'),
  ],
  [/^the device refused the stored password$/, (tr) => tr.t('fleet.reason.refusedStored')],
  [
    /^the device no longer accepts its credentials: (.*)$/,
    (tr, m) => tr.t('fleet.reason.noLongerAccepts', { why: m[1] ?? '' }),
  ],
  [
    /^locked out after wrong passwords: the device refuses unlocks for a while$/,
    (tr) => tr.t('fleet.reason.lockedOut'),
  ],
  [
    /^locked out after wrong passwords: the device refuses unlocks for (\d+) s$/,
    (tr, m) => tr.t('fleet.reason.lockedOutFor', { seconds: Number(m[1]) }),
  ],
  [
    /^the device refused access \(403\)(?:: (.*))?$/,
    (tr, m) =>
      m[1] === undefined
        ? tr.t('fleet.reason.refused403')
        : tr.t('fleet.reason.refused403Said', { said: m[1] }),
  ],
  [
    /^answered (\S+)(?:: (.*))?$/,
    (tr, m) =>
      m[2] === undefined
        ? tr.t('fleet.reason.answered', { status: m[1] ?? '' })
        : tr.t('fleet.reason.answeredSaid', { status: m[1] ?? '', said: m[2] }),
  ],
];

export function monitorReasonText(tr: Translator, reason: string): string {
  if (tr.locale === 'en') return reason;
  for (const [shape, say] of SHAPES) {
    const m = reason.match(shape);
    if (m !== null) return say(tr, m);
  }
  return reason;
}
