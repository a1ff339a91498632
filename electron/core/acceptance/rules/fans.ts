/**
 * Every fan turning: no fan at 0 rpm or reported lost at any reading, and at every reading at least as many
 * fans as the model runs with (`/model` → `cooling.fan_min_count.default`: 4 on an air-cooled S19 or S21) —
 * a fan pulled or unplugged is not listed at all. A model that needs none (0) passes with no fan. When
 * `/model` does not say, at least one fan is asked for, and the words say the model's count was not known.
 */
import type { AcceptanceCriteria, CheckOutcome } from '../../../../shared/domain/acceptance';
import type { MessageRef } from '../../../../shared/i18n/message';
import { message } from '../../../../shared/i18n/message';
import type { DeviceWindow } from '../device-window';
import { count, listed, plural } from './words';

function stoppedFan(id: number, fan: { rpm: number | null; status: string | null }): string {
  const said = [
    fan.rpm === null ? null : `${count(fan.rpm)} rpm`,
    fan.status === null || fan.status === 'ok' ? null : fan.status,
  ].filter((part) => part !== null);
  return `fan ${id}${said.length === 0 ? '' : ` (${said.join(', ')})`}`;
}

/** The same for a message's values: "2 (0 rpm)", "3 (lost)" — numbers, a unit and the device's word. */
function stoppedFanValue(id: number, fan: { rpm: number | null; status: string | null }): string {
  const said = [
    fan.rpm === null ? null : `${fan.rpm} rpm`,
    fan.status === null || fan.status === 'ok' ? null : fan.status,
  ].filter((part) => part !== null);
  return `${id}${said.length === 0 ? '' : ` (${said.join(', ')})`}`;
}

export function fansCheck(window: DeviceWindow, _criteria?: AcceptanceCriteria): CheckOutcome {
  if (window.summariesRead === 0) {
    const text = message('outcomes.acceptance.fans.unread');
    return { check: 'fans', pass: false, words: 'the fans could not be read (/summary)', text };
  }
  const stopped = [...window.fans.stopped].sort(([a], [b]) => a - b);
  if (stopped.length > 0) {
    const each = stopped.map(([id, fan]) => stoppedFan(id, fan));
    const text = message('outcomes.acceptance.fans.stopped', {
      count: stopped.length,
      fans: stopped.map(([id, fan]) => stoppedFanValue(id, fan)).join('; '),
    });
    return { check: 'fans', pass: false, words: `${listed(each)} not turning`, text };
  }
  const fewest = window.fans.fewest ?? 0;
  const needed = window.modelFans;
  if (needed === null) {
    // The fallback: the model's count unknown, so any fan at all is taken as enough — said so.
    const unknown = 'the model’s number of fans is not known (/model does not say)';
    if (fewest === 0) {
      const text = message('outcomes.acceptance.fans.unknownNone');
      return { check: 'fans', pass: false, words: `no fan reported; ${unknown}`, text };
    }
    const text = message('outcomes.acceptance.fans.unknownSome', { turning: turningText(window) });
    return { check: 'fans', pass: true, words: `${turning(window)}; ${unknown}`, text };
  }
  if (fewest < needed) {
    const saw = fewest === 0 ? 'no fan reported' : `only ${plural(fewest, 'fan')} reported`;
    const text =
      fewest === 0
        ? message('outcomes.acceptance.fans.noneReported', { needed })
        : message('outcomes.acceptance.fans.fewer', { count: fewest, needed });
    return { check: 'fans', pass: false, words: `${saw}; the model runs with ${count(needed)}`, text };
  }
  if (window.fans.count === 0) {
    const text = message('outcomes.acceptance.fans.noneNeeded');
    return { check: 'fans', pass: true, words: 'no fan: the model needs none', text };
  }
  return {
    check: 'fans',
    pass: true,
    words: `${turning(window)} (the model runs with ${count(needed)})`,
    text: message('outcomes.acceptance.fans.ok', { turning: turningText(window), needed }),
  };
}

/** "4 fans turning, slowest 5,880 rpm". */
function turning(window: DeviceWindow): string {
  const slowest = window.fans.slowestRpm === null ? '' : `, slowest ${count(window.fans.slowestRpm)} rpm`;
  return `${plural(window.fans.count, 'fan')} turning${slowest}`;
}

function turningText(window: DeviceWindow): MessageRef {
  const { count: fans, slowestRpm } = window.fans;
  return slowestRpm === null
    ? message('outcomes.acceptance.fans.turning', { count: fans })
    : message('outcomes.acceptance.fans.turningSlowest', { count: fans, rpm: slowestRpm });
}
