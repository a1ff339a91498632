/**
 * The rack map: every rack of the current site as a grid of shelves × positions, grouped by area, each
 * slot in its device's look (rack-cells.ts), the fleet's filters applied (faded slots, and only the area or
 * rack chosen). Hover or focus a slot for its one-line summary; a click opens the device's panel, as in the
 * fleet — or hands the slot to a placing tool waiting for one (layout-slice.ts `slotPicker`). Racks off
 * screen are neither laid out nor painted (`content-visibility`, racks.css); a redraw re-renders only the
 * racks where a slot's look changed.
 */
import { useCallback, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Rack } from '../../../../shared/domain/layout';
import type { LayoutView } from '../../../../shared/ipc/channels/layout';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore, useStoreApi } from '../../stores/root-store';
import { visibleRows } from '../fleet/visible-rows';
import type { AreaCells } from './rack-cells';
import { mapCells, rackSlots } from './rack-cells';
import type { SlotTarget } from './rack-grid';
import { RackGrid } from './rack-grid';
import { SlotSummary } from './slot-summary';

/** The shown areas and racks with each slot's look, kept in step with the fleet's rows and filters. */
export function useMapCells(view: LayoutView): AreaCells[] {
  const layout = view.layout;
  const slots = useMemo(() => rackSlots(layout), [layout]);
  const inputs = useRootStore(
    useShallow((s) => ({
      rows: s.rows,
      shown: visibleRows(s),
      place: s.filter.place ?? '',
      drift: s.drift,
      verdicts: s.verdicts,
      phases: s.acceptancePhases,
    })),
  );
  return useMemo(() => mapCells({ layout, ...inputs }, slots), [layout, inputs, slots]);
}

export interface RackMapProps {
  view: LayoutView;
  areas: readonly AreaCells[];
  onEdit: (rack: Rack) => void;
}

export function RackMap({ view, areas, onEdit }: RackMapProps): ReactNode {
  const { t } = useT();
  const layout = view.layout;
  const store = useStoreApi();
  const [hovered, setHovered] = useState<SlotTarget | undefined>(undefined);
  const onPick = useCallback(
    (target: SlotTarget) => {
      const state = store.getState();
      if (state.slotPicker !== undefined) {
        state.slotPicker({
          rackId: target.rack.id,
          shelf: target.shelf,
          position: target.position,
          name: target.name,
          ...(target.deviceId !== undefined ? { deviceId: target.deviceId } : {}),
        });
      } else if (target.deviceId !== undefined) {
        void state.devicePanelOpened(target.deviceId);
      }
    },
    [store],
  );

  if (areas.length === 0) {
    return (
      <p className="rack-map-empty">
        {layout.racks.length === 0 ? t('racks.map.noRack') : t('racks.map.noRackHere')}
      </p>
    );
  }
  return (
    <div className="rack-map" aria-label={t('racks.map.label')} role="region">
      {areas.map((group) => (
        <section
          key={group.area}
          className="rack-area"
          aria-label={t('racks.map.area', { area: group.area })}
        >
          <h3 className="rack-area-title">
            {group.area}{' '}
            <span className="rack-area-count">{t('racks.map.rackCount', { count: group.racks.length })}</span>
          </h3>
          <div className="rack-row">
            {group.racks.map((cells) => (
              <RackGrid
                key={cells.rack.id}
                cells={cells}
                pattern={layout.slotPattern}
                onHover={setHovered}
                onPick={onPick}
                onEdit={onEdit}
              />
            ))}
          </div>
        </section>
      ))}
      {hovered !== undefined && <SlotSummary target={hovered} />}
    </div>
  );
}
