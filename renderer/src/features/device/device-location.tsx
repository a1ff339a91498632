/**
 * Where the open device stands, under its name in the panel: its slot, area and rack in this site's
 * layout (issue 34), or that it stands in no slot yet (the Racks view places it); and what its own
 * `location` note says when that is worth saying (elsewhere, no place here, no notes API:
 * shared/format/location-note-text.ts).
 */
import type { ReactNode } from 'react';
import { locationNoteWords } from '../../../../shared/format/location-note-text';
import { locationNoteValue } from '../../../../shared/format/slot-name';
import { useRootStore } from '../../stores/root-store';

export function DeviceLocation({ deviceId }: { deviceId: string }): ReactNode {
  const where = useRootStore((s) => s.rowLocations[deviceId]);
  const view = useRootStore((s) => (s.layoutView.status === 'ready' ? s.layoutView.value : undefined));
  const hasLayout = view !== undefined && view.layout.racks.length > 0;
  const note = view?.layout.notes.find((n) => n.deviceId === deviceId);
  const placedAs =
    where === undefined || view === undefined ? undefined : locationNoteValue(view.siteName, where.slot);
  const words = locationNoteWords(note, placedAs);
  if (where === undefined && words === undefined && !hasLayout) return null;
  return (
    <p className="panel-location" data-location={where?.slot ?? ''}>
      {where === undefined ? (
        'In no slot yet'
      ) : (
        <>
          <span className="mono">{where.slot}</span> · area {where.area}, rack {where.rack}
        </>
      )}
      {words !== undefined && <span data-note-words> · {words}</span>}
    </p>
  );
}
