/**
 * A device this laptop rebooted, or whose mining it restarted, is expected to be away for a while
 * (DESIGN.md, Commissioning actions 7). The monitor says so once, as the state's reason ("rebooting (back
 * in about 95 s)", electron/core/monitor/disruption.ts); the fleet counts that time down from when the
 * state began, so the badge stays right between polls without another message from main.
 */
import type { MonitorState } from '../../../shared/domain/monitor';

const BACK_IN = /back in about (\d+) s/;

const HEADLINE: Partial<Record<MonitorState | 'not-watched', string>> = {
  rebooting: 'Rebooting',
  restarting: 'Restarting',
};

/**
 * "Rebooting (back in about 83 s)", "Restarting (back any moment)" for a device in an expected
 * disruption; undefined for every other state.
 */
export function disruptionLabel(
  state: MonitorState | 'not-watched',
  reason: string,
  since: number | undefined,
  now: number,
): string | undefined {
  const headline = HEADLINE[state];
  if (headline === undefined) return undefined;
  const said = BACK_IN.exec(reason);
  if (said === null || since === undefined) {
    return /back any moment/.test(reason) ? `${headline} (back any moment)` : headline;
  }
  const left = Number(said[1]) - Math.floor(Math.max(0, now - since) / 1000);
  return left > 0 ? `${headline} (back in about ${left} s)` : `${headline} (back any moment)`;
}
