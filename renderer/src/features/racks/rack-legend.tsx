/**
 * The map's legend: every look with its colour, its glyph and its words, and how many shown slots have it
 * (so "3 offline" reads before the eye finds them). The swatches are slots themselves (same classes).
 */
import type { ReactNode } from 'react';
import { numberText } from '../../../../shared/i18n/formats';
import { useT } from '../../i18n/i18n-provider';
import type { AreaCells } from './rack-cells';
import type { SlotLookId } from './slot-looks';
import { LOOK_BY_CODE, SLOT_LOOK_IDS, SLOT_LOOKS } from './slot-looks';

/** How many slots of the shown racks have each look (faded ones too: the filter hides nothing here). */
export function lookCounts(areas: readonly AreaCells[]): Record<SlotLookId, number> {
  const counts = Object.fromEntries(SLOT_LOOK_IDS.map((id) => [id, 0])) as Record<SlotLookId, number>;
  for (const group of areas) {
    for (const { codes } of group.racks) {
      for (const code of codes) {
        const look = LOOK_BY_CODE[code.toLowerCase()];
        if (look !== undefined) counts[look] += 1;
      }
    }
  }
  return counts;
}

export function RackLegend({ counts }: { counts: Record<SlotLookId, number> }): ReactNode {
  const tr = useT();
  return (
    <ul className="rack-legend" aria-label={tr.t('racks.legend.label')}>
      {SLOT_LOOK_IDS.map((id) => (
        <li key={id} title={tr.t(SLOT_LOOKS[id].hint)} data-legend={id}>
          <span className={`slot slot-swatch look-${id}`} aria-hidden="true">
            {SLOT_LOOKS[id].glyph}
          </span>
          {tr.t(SLOT_LOOKS[id].label)} <span className="legend-count">{numberText(tr, counts[id])}</span>
        </li>
      ))}
    </ul>
  );
}
