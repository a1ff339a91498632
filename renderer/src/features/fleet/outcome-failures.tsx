/**
 * What did not work in a finished bulk action, where the eye is: up to five devices, each with its
 * reason in words, "and N more", and a button that selects them all in the fleet (to look at them, or try
 * again). The one place every bulk action's outcome summary (unlock, API keys, password, pools, LED,
 * restart, reboot …) says it: the Last action column is off-screen on a 1280 px laptop.
 */
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { namedWithSlot } from '../../../../shared/format/device-place-text';
import { count } from '../../lib/format';
import type { FleetRow, RowOutcome } from '../../stores/fleet-rows';
import { useRootStore } from '../../stores/root-store';

/** How many devices the summary names; the rest are counted ("and 12 more"). */
export const NAMED_FAILURES = 5;

/** The devices not done (failed, unknown or skipped), in the order the action went through them. */
export const notDoneIds = (outcomes: Record<string, RowOutcome>): string[] =>
  Object.entries(outcomes)
    .filter(([, o]) => !o.ok)
    .map(([id]) => id);

/**
 * "C2-R07-S3-P2 (10.0.3.57)" for a device in a slot (shared/format/device-place-text.ts); else "10.0.3.57 (rig-12)": the
 * address the fleet shows, and the device's own name when it has one.
 */
const deviceName = (row: FleetRow | undefined, id: string): string =>
  row === undefined
    ? id
    : row.location !== undefined
      ? namedWithSlot(row.host, row.location.slot)
      : row.hostname !== null
        ? `${row.host} (${row.hostname})`
        : row.host;

/** The reason as a sentence, without the address the line already starts with. */
function reasonOf(message: string, row: FleetRow | undefined): string {
  let text = message.trim();
  for (const prefix of row === undefined ? [] : [`${row.address}:`, `${row.host}:`]) {
    if (text.startsWith(prefix)) text = text.slice(prefix.length).trim();
  }
  if (text === '') return 'No reason given.';
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?…]\)?$/.test(sentence) ? sentence : `${sentence}.`;
}

export function OutcomeFailures({ outcomes }: { outcomes: Record<string, RowOutcome> }): ReactNode {
  const ids = notDoneIds(outcomes);
  const named = ids.slice(0, NAMED_FAILURES);
  // Only the named rows are looked up, as strings: a monitor redraw changes nothing here.
  const names = useRootStore(
    useShallow((s) =>
      named.flatMap((id) => {
        const row = s.rows.find((r) => r.id === id);
        return [deviceName(row, id), reasonOf(outcomes[id]?.message ?? '', row)];
      }),
    ),
  );
  const devicesSelected = useRootStore((s) => s.devicesSelected);
  if (ids.length === 0) return null;
  const skipped = ids.some((id) => outcomes[id]?.skipped === true);
  const more = ids.length - named.length;

  // The button sits on the summary's line; the list takes a line of its own below it (fleet.css).
  return (
    <>
      <button type="button" className="button" onClick={() => devicesSelected(ids)}>
        {skipped
          ? `Select the ${count(ids.length, 'device')} not done`
          : `Select the ${count(ids.length, 'failed device')}`}
      </button>
      <ul className="outcome-failures" aria-label={skipped ? 'Devices not done' : 'Devices that failed'}>
        {named.map((id, i) => (
          <li key={id}>
            <span className="mono">{names[2 * i]}</span>: {names[2 * i + 1]}
          </li>
        ))}
        {more > 0 && <li className="outcome-more">and {more.toLocaleString('en-US')} more</li>}
      </ul>
    </>
  );
}
