/**
 * What did not work in a finished bulk action, where the eye is: up to five devices, each with its
 * reason in words, "and N more", and a button that selects them all in the fleet (to look at them, or try
 * again). The one place every bulk action's outcome summary (unlock, API keys, password, pools, LED,
 * restart, reboot …) says it: the Last action column is off-screen on a 1280 px laptop.
 */
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { namedWithSlot } from '../../../../shared/format/device-place-text';
import { localText } from '../../../../shared/i18n/local-text';
import type { Translator } from '../../../../shared/i18n/translate';
import { useT } from '../../i18n/i18n-provider';
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
function reasonOf(tr: Translator, outcome: RowOutcome | undefined, row: FleetRow | undefined): string {
  // Main's words as a message are a sentence already, in the reader's language.
  if (outcome?.text !== undefined && tr.locale !== 'en') return localText(tr, outcome);
  let text = (outcome?.message ?? '').trim();
  for (const prefix of row === undefined ? [] : [`${row.address}:`, `${row.host}:`]) {
    if (text.startsWith(prefix)) text = text.slice(prefix.length).trim();
  }
  if (text === '') return tr.t('fleet.failures.noReason');
  const sentence = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?…]\)?$/.test(sentence) ? sentence : `${sentence}.`;
}

export function OutcomeFailures({ outcomes }: { outcomes: Record<string, RowOutcome> }): ReactNode {
  const tr = useT();
  const { t } = tr;
  const ids = notDoneIds(outcomes);
  const named = ids.slice(0, NAMED_FAILURES);
  // Only the named rows are looked up, as strings: a monitor redraw changes nothing here.
  const names = useRootStore(
    useShallow((s) =>
      named.flatMap((id) => {
        const row = s.rows.find((r) => r.id === id);
        return [deviceName(row, id), reasonOf(tr, outcomes[id], row)];
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
          ? t('fleet.failures.selectNotDone', { count: ids.length })
          : t('fleet.failures.selectFailed', { count: ids.length })}
      </button>
      <ul
        className="outcome-failures"
        aria-label={skipped ? t('fleet.failures.listNotDone') : t('fleet.failures.listFailed')}
      >
        {named.map((id, i) => (
          <li key={id}>
            <span className="mono">{names[2 * i]}</span>: {names[2 * i + 1]}
          </li>
        ))}
        {more > 0 && <li className="outcome-more">{t('fleet.failures.more', { count: more })}</li>}
      </ul>
    </>
  );
}
