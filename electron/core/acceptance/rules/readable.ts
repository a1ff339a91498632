/** The device could be read at every visit of the window (the start, about once a minute, the end). */
import type { AcceptanceCriteria, CheckOutcome } from '../../../../shared/domain/acceptance';
import type { DeviceWindow } from '../device-window';
import { plural } from './words';

export function readableCheck(window: DeviceWindow, _criteria?: AcceptanceCriteria): CheckOutcome {
  const { taken, failed, failures } = window;
  if (taken === 0) return { check: 'readable', pass: false, words: 'the device was never read' };
  if (failed === 0)
    return { check: 'readable', pass: true, words: `read at all ${plural(taken, 'reading')}` };
  const first = failures[0] ?? '';
  const words =
    failed === taken
      ? `the device could not be read (${plural(taken, 'try', 'tries')}; ${first})`
      : `the device could not be read at ${failed} of ${plural(taken, 'reading')} (${failures.join('; ')}${failed > failures.length ? '; …' : ''})`;
  return { check: 'readable', pass: false, words };
}
