/**
 * The hovered (or focused) slot's one-line summary, just under it: slot, address, model, hash rate and
 * look, live — it reads its device's row, so a reading that arrives while the pointer rests is shown.
 */
import type { ReactNode } from 'react';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore } from '../../stores/root-store';
import type { SlotTarget } from './rack-grid';
import { slotLookOf, slotSummaryText } from './slot-looks';

export function SlotSummary({ target }: { target: SlotTarget }): ReactNode {
  const tr = useT();
  const id = target.deviceId;
  const row = useRootStore((s) => (id === undefined ? undefined : s.rows.find((r) => r.id === id)));
  const look = useRootStore((s) =>
    id === undefined || row === undefined
      ? id === undefined
        ? 'empty'
        : 'idle'
      : slotLookOf(row, { drift: s.drift[id], verdict: s.verdicts[id], phase: s.acceptancePhases[id] }),
  );
  // Under the slot, kept inside the window (the line is at most ~36 rem wide).
  const left = Math.max(8, Math.min(target.box.left, window.innerWidth - 560));
  return (
    <p
      role="tooltip"
      className="slot-summary"
      data-device-id={id}
      style={{ left, top: target.box.bottom + 6 }}
    >
      {slotSummaryText(tr, target.name, row, look)}
    </p>
  );
}
