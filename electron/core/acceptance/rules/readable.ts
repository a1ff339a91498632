/** The device could be read at every visit of the window (the start, about once a minute, the end). */
import type { AcceptanceCriteria, CheckOutcome } from '../../../../shared/domain/acceptance';
import { message } from '../../../../shared/i18n/message';
import type { DeviceWindow } from '../device-window';
import { plural } from './words';

export function readableCheck(window: DeviceWindow, _criteria?: AcceptanceCriteria): CheckOutcome {
  const { taken, failed, failures } = window;
  if (taken === 0)
    return {
      check: 'readable',
      pass: false,
      words: 'the device was never read',
      text: message('outcomes.acceptance.readable.never'),
    };
  if (failed === 0)
    return {
      check: 'readable',
      pass: true,
      words: `read at all ${plural(taken, 'reading')}`,
      text: message('outcomes.acceptance.readable.all', { count: taken }),
    };
  const first = failures[0] ?? '';
  const words =
    failed === taken
      ? `the device could not be read (${plural(taken, 'try', 'tries')}; ${first})`
      : `the device could not be read at ${failed} of ${plural(taken, 'reading')} (${failures.join('; ')}${failed > failures.length ? '; …' : ''})`;
  const text =
    failed === taken
      ? message('outcomes.acceptance.readable.none', { count: taken, first })
      : message('outcomes.acceptance.readable.some', {
          failed,
          count: taken,
          failures: `${failures.join('; ')}${failed > failures.length ? '; …' : ''}`,
        });
  return { check: 'readable', pass: false, words, text };
}
