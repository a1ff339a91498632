/**
 * One rack on the map: its name and how many of its slots hold a device, then its grid — shelves from the
 * top (S1) down, positions from the left — each slot a button coloured AND marked with its look's glyph
 * (slot-looks.ts), faded when the fleet's filters leave its device out, outlined when empty. Hover, focus
 * and clicks are handled once per rack (the slot is found by its `data-index`), not once per slot: 2,000
 * slots cost 2,000 small buttons and no handlers. Memoized on the rack and its looks' string.
 */
import { memo } from 'react';
import type { CSSProperties, FocusEvent, MouseEvent, ReactNode } from 'react';
import type { Rack } from '../../../../shared/domain/layout';
import type { Translator } from '../../../../shared/i18n/translate';
import { useT } from '../../i18n/i18n-provider';
import { nameOfSlot } from '../../lib/rack-layout';
import type { RackCells } from './rack-cells';
import { LOOK_BY_CODE, SLOT_LOOKS } from './slot-looks';

/** A slot the pointer or the keyboard is on, or one clicked. */
export interface SlotTarget {
  rack: Rack;
  shelf: number;
  position: number;
  name: string;
  deviceId?: string;
  /** Where it is on screen, for the hover line. */
  box: { left: number; top: number; bottom: number };
}

export interface RackGridProps {
  cells: RackCells;
  pattern: string;
  onHover: (target: SlotTarget | undefined) => void;
  onPick: (target: SlotTarget) => void;
  onEdit: (rack: Rack) => void;
}

function targetOf(event: { target: EventTarget }, cells: RackCells, pattern: string): SlotTarget | undefined {
  const el = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-index]') : null;
  if (el === null) return undefined;
  const index = Number(el.dataset['index']);
  const { rack } = cells;
  const shelf = Math.floor(index / rack.positions) + 1;
  const position = (index % rack.positions) + 1;
  const rect = el.getBoundingClientRect();
  const deviceId = cells.ids[index];
  return {
    rack,
    shelf,
    position,
    name: nameOfSlot(pattern, rack, shelf, position),
    ...(deviceId !== undefined ? { deviceId } : {}),
    box: { left: rect.left, top: rect.top, bottom: rect.bottom },
  };
}

function Slots({ cells, pattern, tr }: { cells: RackCells; pattern: string; tr: Translator }): ReactNode[] {
  const { rack, codes, ids } = cells;
  const out: ReactNode[] = [];
  for (let shelf = 1; shelf <= rack.shelves; shelf += 1) {
    out.push(
      <span key={`s${shelf}`} className="shelf-label" aria-hidden="true">
        {tr.t('racks.grid.shelf', { shelf })}
      </span>,
    );
    for (let position = 1; position <= rack.positions; position += 1) {
      const index = (shelf - 1) * rack.positions + position - 1;
      const code = codes[index] ?? 'e';
      const look = LOOK_BY_CODE[code.toLowerCase()] ?? 'empty';
      const faded = code !== code.toLowerCase();
      const name = nameOfSlot(pattern, rack, shelf, position);
      out.push(
        <button
          key={index}
          type="button"
          className={faded ? `slot look-${look} slot-faded` : `slot look-${look}`}
          data-index={index}
          data-slot={name}
          data-look={look}
          data-device-id={ids[index]}
          aria-label={tr.t(faded ? 'racks.grid.slotFaded' : 'racks.grid.slot', {
            slot: name,
            look: SLOT_LOOKS[look].label,
          })}
        >
          <span aria-hidden="true">{SLOT_LOOKS[look].glyph}</span>
        </button>,
      );
    }
  }
  return out;
}

function RackView({ cells, pattern, onHover, onPick, onEdit }: RackGridProps): ReactNode {
  const tr = useT();
  const { rack } = cells;
  const over = (e: MouseEvent | FocusEvent): void => onHover(targetOf(e, cells, pattern));
  const style = { '--positions': rack.positions } as CSSProperties;
  return (
    <figure className="rack" data-rack-id={rack.id} aria-label={tr.t('racks.grid.rack', { name: rack.name })}>
      <figcaption className="rack-head">
        <span className="rack-name">{rack.name}</span>
        <span
          className="rack-count"
          title={tr.t('racks.grid.held', { placed: cells.placed, total: cells.ids.length })}
        >
          {cells.placed}/{cells.ids.length}
        </span>
        <button
          type="button"
          className="rack-edit link-button"
          onClick={() => onEdit(rack)}
          aria-label={tr.t('racks.grid.edit', { name: rack.name })}
          title={tr.t('racks.grid.editHint')}
        >
          ✎
        </button>
      </figcaption>
      <div
        className="rack-grid"
        style={style}
        onMouseOver={over}
        onFocus={over}
        onMouseLeave={() => onHover(undefined)}
        onBlur={() => onHover(undefined)}
        onClick={(e) => {
          const target = targetOf(e, cells, pattern);
          if (target !== undefined) onPick(target);
        }}
      >
        {Slots({ cells, pattern, tr })}
      </div>
    </figure>
  );
}

export const RackGrid = memo(
  RackView,
  (a, b) =>
    a.cells.rack === b.cells.rack &&
    a.cells.codes === b.cells.codes &&
    a.cells.ids === b.cells.ids &&
    a.pattern === b.pattern &&
    a.onHover === b.onHover &&
    a.onPick === b.onPick &&
    a.onEdit === b.onEdit,
);
