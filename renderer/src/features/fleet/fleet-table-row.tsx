/**
 * One fleet row, positioned by the virtualizer. Memoized: a diff that changed other devices does not
 * re-render it, since its row object is replaced only when its own device changed.
 */
import { memo } from 'react';
import type { ReactNode } from 'react';
import type { FleetRow, RowOutcome } from '../../stores/fleet-rows';
import { STATE_LOOKS } from '../../lib/states';
import {
  AlertsCell,
  CredentialsCell,
  DeviceCell,
  FansCell,
  HashRateCell,
  ModelCell,
  OutcomeCell,
  PowerCell,
  StateCell,
  TempCell,
} from './fleet-cells';

export interface FleetTableRowProps {
  row: FleetRow;
  index: number;
  top: number;
  selected: boolean;
  onToggle: (event: unknown) => void;
  outcome: RowOutcome | undefined;
  now: number;
  open: boolean;
  onOpen: (id: string) => void;
}

function RowView(props: FleetTableRowProps): ReactNode {
  const { row, selected, outcome, now } = props;
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
      <div role="cell" className="fleet-td col-check">
        <input
          type="checkbox"
          aria-label={`Select ${row.host}`}
          checked={selected}
          onChange={props.onToggle}
        />
      </div>
      {[
        <DeviceCell key="device" row={row} onOpen={props.onOpen} />,
        <ModelCell key="model" row={row} />,
        <StateCell key="state" row={row} now={now} />,
        <HashRateCell key="hash-rate" row={row} />,
        <TempCell key="temp" row={row} />,
        <FansCell key="fans" row={row} />,
        <PowerCell key="power" row={row} />,
        <CredentialsCell key="credentials" row={row} />,
        <AlertsCell key="alerts" row={row} />,
        <OutcomeCell key="outcome" outcome={outcome} />,
      ].map((cell) => (
        <div key={cell.key} role="cell" className="fleet-td">
          {cell}
        </div>
      ))}
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
    a.selected === b.selected &&
    a.outcome === b.outcome &&
    a.now === b.now &&
    a.open === b.open,
);
