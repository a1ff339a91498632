/**
 * The fleet table: TanStack Table for sorting and selection (Shift+click ticks a range), TanStack Virtual
 * so only the rows on screen exist in the DOM — 5,000 devices updating four times a second cost the same
 * as 30. ARIA table roles on the grid of divs, with row indexes, so screen readers and tests see a table.
 */
import { functionalUpdate, useTable } from '@tanstack/react-table';
import type { SortingState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore } from '../../stores/root-store';
import { COLUMN_HEADERS, fleetColumns, fleetFeatures, gridTemplate, visibilityOf } from './fleet-columns';
import { FleetTableRow } from './fleet-table-row';
import { sortedRows } from './sorted-rows';
import { visibleRows } from './visible-rows';

/**
 * Two lines of text (16 px, and 14 px under it) packed tight, so 12 rows and more fit a 1280×720 laptop
 * screen; fixed, so the virtualizer never measures. fleet.css's `.fleet-row` height says the same.
 */
export const ROW_HEIGHT = 38;

/** No column hidden until the settings say otherwise. */
const NONE_HIDDEN: readonly string[] = [];

/** Re-renders once a second for the "in this state for…" times. */
function useNow(periodMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), periodMs);
    return () => clearInterval(timer);
  }, [periodMs]);
  return now;
}

export function FleetTable(): ReactNode {
  const { t } = useT();
  const shown = useRootStore((s) => visibleRows(s));
  const { selection, outcomes, drift, selectionChanged, devicePanelOpened, openDeviceId } = useRootStore(
    useShallow((s) => ({
      selection: s.selection,
      outcomes: s.outcomes,
      drift: s.drift,
      selectionChanged: s.selectionChanged,
      devicePanelOpened: s.devicePanelOpened,
      openDeviceId: s.openDeviceId,
    })),
  );
  const hidden = useRootStore((s) =>
    s.settings.status === 'ready' ? s.settings.value.fleetView.hiddenColumns : NONE_HIDDEN,
  );
  // A site without racks has no Location to show: its column stays out of the way.
  const noRacks = useRootStore(
    (s) => s.layoutView.status !== 'ready' || s.layoutView.value.layout.racks.length === 0,
  );
  const columnVisibility = useMemo(
    () => visibilityOf(noRacks ? [...hidden, 'location'] : hidden),
    [hidden, noRacks],
  );
  const [sorting, setSorting] = useState<SortingState>([{ id: 'device', desc: false }]);
  // Sorted here, in step with the redraws (sorted-rows.ts): a new row model only when the order changed.
  // The cells read the newest rows (`sorted.rows`): the same devices in the same places as the model's.
  const sorted = sortedRows(shown, sorting[0]);
  const table = useTable({
    features: fleetFeatures,
    columns: fleetColumns,
    data: sorted.model,
    manualSorting: true,
    getRowId: (row) => row.id,
    state: { sorting, rowSelection: selection, columnVisibility },
    onSortingChange: (updater) => setSorting((old) => functionalUpdate(updater, old)),
    onRowSelectionChange: (updater) => selectionChanged(functionalUpdate(updater, selection)),
    enableSortingRemoval: false,
  });
  const model = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  // No React Compiler here (the app does not use it); the virtualizer's functions are read fresh each render.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: model.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    // Rows are short: four beyond each edge cover a quick scroll, and keep what a redraw renders near a
    // screenful (every shown row re-renders when all devices change at once).
    overscan: 4,
  });
  const now = useNow(1000);
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const shownKey = headers.map((header) => header.column.id).join(' ');
  // One array while the same columns are shown, so the memoized rows are not re-rendered for it.
  const shownIds = useMemo(() => shownKey.split(' '), [shownKey]);
  const gridStyle = useMemo(
    () => ({ '--fleet-columns': gridTemplate(shownIds) }) as CSSProperties,
    [shownIds],
  );
  const open = (id: string): void => void devicePanelOpened(id);

  return (
    <div className="fleet-scroll" ref={scrollRef}>
      <div
        role="table"
        aria-label={t('fleet.table.label')}
        aria-rowcount={model.length + 1}
        className="fleet-table"
        style={gridStyle}
      >
        <div role="rowgroup" className="fleet-head">
          <div role="row" aria-rowindex={1} className="fleet-grid">
            {headers.map((header) => {
              const id = header.column.id;
              if (id === 'select') {
                return (
                  <div role="columnheader" key={id} className="fleet-th col-check">
                    <input
                      type="checkbox"
                      aria-label={t('fleet.table.selectAll')}
                      checked={table.getIsAllRowsSelected()}
                      ref={(el) => {
                        if (el !== null)
                          el.indeterminate = !table.getIsAllRowsSelected() && table.getIsSomeRowsSelected();
                      }}
                      onChange={() => table.toggleAllRowsSelected()}
                    />
                  </div>
                );
              }
              const sorted = header.column.getIsSorted();
              const heading = COLUMN_HEADERS[id];
              const label = heading === undefined ? id : t(heading);
              return (
                <div
                  role="columnheader"
                  key={id}
                  className="fleet-th"
                  aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                >
                  {header.column.getCanSort() ? (
                    <button
                      type="button"
                      className="sort-button"
                      onClick={header.column.getToggleSortingHandler()}
                    >
                      {label}
                      <span aria-hidden="true" className="sort-mark">
                        {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                      </span>
                    </button>
                  ) : (
                    label
                  )}
                </div>
              );
            })}
          </div>
        </div>
        <div role="rowgroup" className="fleet-body" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = model[item.index];
            if (row === undefined) return null;
            return (
              <FleetTableRow
                key={row.id}
                row={sorted.rows[row.index] ?? row.original}
                index={item.index}
                top={item.start}
                columns={shownIds}
                selected={selection[row.id] === true}
                onToggle={row.getToggleSelectedHandler()}
                outcome={outcomes[row.id]}
                drift={drift[row.id]}
                now={now}
                open={openDeviceId === row.id}
                onOpen={open}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
