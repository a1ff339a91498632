/**
 * How the report words what a device was set up with, the same in the CSV, the HTML and the app's
 * preview: its pools and workers as read back, its locate LED, its last reboot or mining restart. Values
 * absent because they were not read say so rather than "none".
 */
import type { ReportDevice } from '../domain/report';
import { isFirmwareFeePool } from '../domain/fee-pool';
import { listedPoolText } from './pool-text';
import { localTime } from './report-text';

/**
 * `stratum+tcp://pool.example:3333 (rack3.s1); …; the firmware’s fee pool (DevFee)`: never a login the url
 * had, the firmware's fee pool named as the firmware's (pool-text.ts); "not read" when the check did not
 * read them.
 */
export function poolsText(pools: ReportDevice['pools']): string {
  if (pools === null) return 'not read';
  const set = pools.filter((pool) => pool.url !== '');
  if (set.length === 0) return 'none';
  return set
    .map((pool) => {
      const listed = pool.firmwareFeePool === true ? { url: pool.url, type: 'DevFee' } : { url: pool.url };
      const text = listedPoolText(listed);
      return isFirmwareFeePool(listed) || pool.user === null || pool.user === ''
        ? text
        : `${text} (${pool.user})`;
    })
    .join('; ');
}

export const ledText = (led: ReportDevice['led']): string => (led === null ? 'not read' : led);

const RESTART_WORDS = { reboot: 'rebooted', 'restart-mining': 'mining restarted' } as const;

/** `rebooted 2025-11-21 14:05 (UTC+01:00)`, `… (no answer: check)`, or empty when the log has none. */
export function lastRestartText(last: ReportDevice['lastRestart']): string {
  if (last === null) return '';
  const words = `${RESTART_WORDS[last.action]} ${localTime(last.at)}`;
  return last.outcome === 'unknown' ? `${words} (no clear answer: check)` : words;
}
