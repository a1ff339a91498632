/**
 * One fleet row, positioned by the virtualizer. Memoized: a diff that changed other devices does not
 * re-render it, since its row object is replaced only when its own device changed.
 */
import { memo } from 'react';
import type { ReactNode } from 'react';
import type { DeviceDrift } from '../../../../shared/domain/standard';
import type { FleetRow, RowOutcome } from '../../stores/fleet-rows';
import { useT } from '../../i18n/i18n-provider';
import { STATE_LOOKS } from '../../lib/states';
import {
  AlertsCell,
  CredentialsCell,
  DeviceCell,
  FansCell,
  HashRateCell,
  LocationCell,
  ModelCell,
  OutcomeCell,
  PowerCell,
  StateCell,
  TempCell,
} from './fleet-cells';
import { StandardCell } from './standard-cell';

export interface FleetTableRowProps {
  row: FleetRow;
  index: number;
  top: number;
  /** The ids of the columns shown, in order (the Columns menu may hide some). */
  columns: readonly string[];
  selected: boolean;
  onToggle: (event: unknown) => void;
  outcome: RowOutcome | undefined;
  /** How the device compares with the site's standard (undefined: not known yet). */
  drift: DeviceDrift | undefined;
  now: number;
  open: boolean;
  onOpen: (id: string) => void;
}

/** Each column's cell, by the column's id (fleet-columns.tsx). */
const CELLS: Readonly<Record<string, (props: FleetTableRowProps) => ReactNode>> = {
  device: (p) => <DeviceCell row={p.row} onOpen={p.onOpen} />,
  location: (p) => <LocationCell row={p.row} />,
  model: (p) => <ModelCell row={p.row} />,
  state: (p) => <StateCell row={p.row} now={p.now} />,
  hashRate: (p) => <HashRateCell row={p.row} />,
  chipTemp: (p) => <TempCell row={p.row} />,
  standard: (p) => <StandardCell drift={p.drift} />,
  fans: (p) => <FansCell row={p.row} />,
  power: (p) => <PowerCell row={p.row} />,
  credentials: (p) => <CredentialsCell row={p.row} />,
  alerts: (p) => <AlertsCell row={p.row} />,
  outcome: (p) => <OutcomeCell outcome={p.outcome} />,
};

function RowView(props: FleetTableRowProps): ReactNode {
  const { row, selected } = props;
  const { t } = useT();
  const tone = STATE_LOOKS[row.state].tone;
  return (
    <div
      role="row"
      aria-rowindex={props.index + 2}
      aria-selected={selected}
      data-device-id={row.id}
      data-state={row.state}
      className={`fleet-grid fleet-row row-${tone}${selected ? ' row-selected' : ''}${props.open ? ' row-open' : ''}`}
      style={{ transform: `translateY(${props.top}px)` }}
      onDoubleClick={() => props.onOpen(row.id)}
    >
      {props.columns.map((id) =>
        id === 'select' ? (
          <div key={id} role="cell" className="fleet-td col-check">
            <input
              type="checkbox"
              aria-label={t('fleet.table.selectRow', { host: row.host })}
              checked={selected}
              onChange={props.onToggle}
            />
          </div>
        ) : (
          <div key={id} role="cell" className="fleet-td" data-column={id}>
            {CELLS[id]?.(props)}
          </div>
        ),
      )}
    </div>
  );
}

export const FleetTableRow = memo(
  RowView,
  // The toggle handler is a new function each render; everything it acts on is in `selected`.
  (a, b) =>
    a.row === b.row &&
    a.index === b.index &&
    a.top === b.top &&
    a.columns === b.columns &&
    a.selected === b.selected &&
    a.outcome === b.outcome &&
    a.drift === b.drift &&
    a.now === b.now &&
    a.open === b.open,
);
