/**
 * A device this laptop rebooted, updated, or whose mining it restarted, is expected to be away for a while
 * (docs/design.md, Commissioning actions 7). The monitor says so once, as the state's reason ("rebooting (back
 * in about 95 s)", electron/core/monitor/disruption.ts); the fleet counts that time down from when the
 * state began, so the badge stays right between polls without another message from main.
 */
import type { MonitorState } from '../../../shared/domain/monitor';
import type { MessageRef } from '../../../shared/i18n/message';
import { message } from '../../../shared/i18n/message';

// The monitor's reason is main's English (the same in every window): its number is read here, the words
// around it are the window's own messages.
const BACK_IN = /back in about (\d+) s/;

const HEADLINE: Partial<Record<MonitorState | 'not-watched', MessageRef>> = {
  rebooting: message('common.state.rebooting'),
  restarting: message('common.state.restarting'),
};

/** The badge's two parts: "Rebooting" and "back in about 83 s" (read together as the monitor's words). */
export interface DisruptionLabel {
  headline: MessageRef;
  when: MessageRef;
}

const backIn = (seconds: number): MessageRef => message('fleet.disruption.backIn', { seconds });
const ANY_MOMENT = message('fleet.disruption.backAnyMoment');

/**
 * "Rebooting" / "back in about 83 s", "Updating" (a firmware update's reboot), "Restarting" / "back any
 * moment" for a device in an expected disruption; undefined for every other state.
 */
export function disruptionLabel(
  state: MonitorState | 'not-watched',
  reason: string,
  since: number | undefined,
  now: number,
): DisruptionLabel | undefined {
  const usual = HEADLINE[state];
  if (usual === undefined) return undefined;
  // The reboot of a firmware update: the monitor says "updating (back in about N s)".
  const headline =
    state === 'rebooting' && reason.startsWith('updating') ? message('common.state.updating') : usual;
  const said = BACK_IN.exec(reason);
  if (said === null || since === undefined) {
    return { headline, when: said === null ? ANY_MOMENT : backIn(Number(said[1])) };
  }
  const left = Number(said[1]) - Math.floor(Math.max(0, now - since) / 1000);
  return { headline, when: left > 0 ? backIn(left) : ANY_MOMENT };
}
