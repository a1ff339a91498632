/**
 * A small rack picker for the scan dialog: one rack at a time as a grid of shelves × positions, each slot
 * a button named by the site's pattern; a taken slot shows who stands in it. A click chooses the slot as
 * a scanned slot label would. The dialog gives focus back to its scan field after every answer.
 */
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { Rack } from '../../../../shared/domain/layout';
import type { LayoutView } from '../../../../shared/ipc/channels/layout';
import { slotName } from '../../../../shared/format/slot-name';
import { message } from '../../../../shared/i18n/message';
import type { MessageRef } from '../../../../shared/i18n/message';
import { useT } from '../../i18n/i18n-provider';
import type { ScannedSlot } from './scan-steps';

export interface RackPickerProps {
  view: LayoutView;
  /** Device id → address, for the taken slots' titles. */
  addressOf: (deviceId: string) => string;
  onPick: (slot: ScannedSlot) => void;
  /** The device waiting for its slot (its slot is marked). */
  currentDeviceId?: string;
}

function rackLabel(rack: Rack): MessageRef {
  return message('placing.picker.rackName', { area: rack.area, rack: rack.name });
}

export function RackPicker({ view, addressOf, onPick, currentDeviceId }: RackPickerProps): ReactNode {
  const { t } = useT();
  const { racks, placements, slotPattern } = view.layout;
  const [rackId, setRackId] = useState<string | undefined>(racks[0]?.id);
  const rack = racks.find((r) => r.id === rackId) ?? racks[0];
  const taken = useMemo(() => {
    const byKey = new Map<string, string>();
    for (const p of placements) byKey.set(`${p.rackId}:${p.shelf}:${p.position}`, p.deviceId);
    return byKey;
  }, [placements]);
  if (rack === undefined) return <p className="field-hint">{t('placing.picker.noRacks')}</p>;

  const shelves = Array.from({ length: rack.shelves }, (_v, i) => i + 1);
  const positions = Array.from({ length: rack.positions }, (_v, i) => i + 1);
  return (
    <div className="rack-picker">
      <label className="rack-picker-choice">
        {t('placing.picker.rack')}{' '}
        <select value={rack.id} onChange={(e) => setRackId(e.target.value)}>
          {racks.map((r) => (
            <option key={r.id} value={r.id}>
              {t(rackLabel(r))}
            </option>
          ))}
        </select>
      </label>
      <div
        className="rack-picker-grid"
        role="group"
        aria-label={t('placing.picker.slots', { rack: rackLabel(rack) })}
        style={{ gridTemplateColumns: `repeat(${rack.positions}, minmax(2.2rem, 1fr))` }}
      >
        {shelves.flatMap((shelf) =>
          positions.map((position) => {
            const name = slotName(slotPattern, { area: rack.area, rack: rack.name, shelf, position });
            const occupant = taken.get(`${rack.id}:${shelf}:${position}`);
            const title =
              occupant === undefined
                ? t('placing.picker.empty', { slot: name })
                : t('placing.picker.taken', { slot: name, address: addressOf(occupant) });
            const mine = occupant !== undefined && occupant === currentDeviceId;
            return (
              <button
                key={name}
                type="button"
                className={`rack-picker-slot${occupant === undefined ? '' : ' taken'}${mine ? ' current' : ''}`}
                title={title}
                aria-label={title}
                onClick={() => onPick({ slotRef: { rackId: rack.id, shelf, position }, slotName: name })}
              >
                {t('placing.picker.slot', { shelf, position })}
              </button>
            );
          }),
        )}
      </div>
    </div>
  );
}
