/**
 * Every fan turning: no fan at 0 rpm or reported lost at any reading, and at every reading at least as many
 * fans as the model runs with (`/model` → `cooling.fan_min_count.default`: 4 on an air-cooled S19 or S21) —
 * a fan pulled or unplugged is not listed at all. A model that needs none (0) passes with no fan. When
 * `/model` does not say, at least one fan is asked for, and the words say the model's count was not known.
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
  const fewest = window.fans.fewest ?? 0;
  const needed = window.modelFans;
  if (needed === null) {
    // The fallback: the model's count unknown, so any fan at all is taken as enough — said so.
    const unknown = 'the model’s number of fans is not known (/model does not say)';
    if (fewest === 0) return { check: 'fans', pass: false, words: `no fan reported; ${unknown}` };
    return { check: 'fans', pass: true, words: `${turning(window)}; ${unknown}` };
  }
  if (fewest < needed) {
    const saw = fewest === 0 ? 'no fan reported' : `only ${plural(fewest, 'fan')} reported`;
    return { check: 'fans', pass: false, words: `${saw}; the model runs with ${count(needed)}` };
  }
  if (window.fans.count === 0) return { check: 'fans', pass: true, words: 'no fan: the model needs none' };
  return { check: 'fans', pass: true, words: `${turning(window)} (the model runs with ${count(needed)})` };
}

/** "4 fans turning, slowest 5,880 rpm". */
function turning(window: DeviceWindow): string {
  const slowest = window.fans.slowestRpm === null ? '' : `, slowest ${count(window.fans.slowestRpm)} rpm`;
  return `${plural(window.fans.count, 'fan')} turning${slowest}`;
}
