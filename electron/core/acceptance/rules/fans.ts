/**
 * Every fan turning: no fan at 0 rpm or reported lost at any reading. A device that lists no fan at all
 * fails (an air-cooled device in failure lists none: tests/fixtures/device/summary-failure.*), unless its
 * model says it needs none (a liquid-cooled one).
 */
import type { AcceptanceCriteria, CheckOutcome } from '../../../../shared/domain/acceptance';
import type { DeviceWindow } from '../device-window';
import { count, listed, plural } from './words';

function stoppedFan(id: number, fan: { rpm: number | null; status: string | null }): string {
  const said = [
    fan.rpm === null ? null : `${count(fan.rpm)} rpm`,
    fan.status === null || fan.status === 'ok' ? null : fan.status,
  ].filter((part) => part !== null);
  return `fan ${id}${said.length === 0 ? '' : ` (${said.join(', ')})`}`;
}

export function fansCheck(window: DeviceWindow, _criteria?: AcceptanceCriteria): CheckOutcome {
  if (window.summariesRead === 0) {
    return { check: 'fans', pass: false, words: 'the fans could not be read (/summary)' };
  }
  const stopped = [...window.fans.stopped].sort(([a], [b]) => a - b);
  if (stopped.length > 0) {
    const each = stopped.map(([id, fan]) => stoppedFan(id, fan));
    return { check: 'fans', pass: false, words: `${listed(each)} not turning` };
  }
  if (window.fans.count === 0) {
    return window.minFans === 0
      ? { check: 'fans', pass: true, words: 'no fan: the model needs none' }
      : { check: 'fans', pass: false, words: 'no fan reported' };
  }
  const slowest = window.fans.slowestRpm === null ? '' : `, slowest ${count(window.fans.slowestRpm)} rpm`;
  return { check: 'fans', pass: true, words: `${plural(window.fans.count, 'fan')} turning${slowest}` };
}
