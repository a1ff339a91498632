/**
 * Where the open device stands, under its name in the panel: its slot, area and rack in this site's
 * layout (issue 34), or that it stands in no slot yet (the Racks view places it); and what its own
 * `location` note says when that is worth saying (elsewhere, no place here, no notes API — the same cases
 * as shared/format/location-note-text.ts, which the CLI says in English).
 */
import type { ReactNode } from 'react';
import type { NoteSeen } from '../../../../shared/format/location-note-text';
import { printable } from '../../../../shared/format/printable';
import { locationNoteValue } from '../../../../shared/format/slot-name';
import type { Translator } from '../../../../shared/i18n/translate';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore } from '../../stores/root-store';

/** What the device's note says against its place here, or undefined when there is nothing to say. */
function noteWords(
  tr: Translator,
  note: NoteSeen | undefined,
  placedAs: string | undefined,
): string | undefined {
  if (note === undefined) return undefined;
  if (note.state === 'unsupported')
    return placedAs === undefined ? undefined : tr.t('device.location.noNotesApi');
  if (note.state !== 'present' || note.value === undefined) return undefined;
  const says = printable(note.value);
  if (placedAs === undefined) return tr.t('device.location.noteSaysPlaceIt', { note: says });
  return note.value === placedAs ? undefined : tr.t('device.location.noteSays', { note: says });
}

export function DeviceLocation({ deviceId }: { deviceId: string }): ReactNode {
  const tr = useT();
  const where = useRootStore((s) => s.rowLocations[deviceId]);
  const view = useRootStore((s) => (s.layoutView.status === 'ready' ? s.layoutView.value : undefined));
  const hasLayout = view !== undefined && view.layout.racks.length > 0;
  const note = view?.layout.notes.find((n) => n.deviceId === deviceId);
  const placedAs =
    where === undefined || view === undefined ? undefined : locationNoteValue(view.siteName, where.slot);
  const words = noteWords(tr, note, placedAs);
  if (where === undefined && words === undefined && !hasLayout) return null;
  return (
    <p className="panel-location" data-location={where?.slot ?? ''}>
      {where === undefined ? (
        tr.t('device.location.noSlot')
      ) : (
        <>
          <span className="mono">{where.slot}</span> ·{' '}
          {tr.t('device.location.areaRack', { area: where.area, rack: where.rack })}
        </>
      )}
      {words !== undefined && <span data-note-words> · {words}</span>}
    </p>
  );
}
