/**
 * The fleet's "Place…" on the selected devices: Scan to place with the selection waiting for its slots,
 * in the table's order of selection; each scanned or clicked slot places the next one.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useStoreApi } from '../../stores/root-store';
import type { SelectionDialogProps } from '../fleet/selection-dialog-props';
import { ScanDialog } from './scan-dialog';

export function PlaceSelectionDialog({ onClose }: SelectionDialogProps): ReactNode {
  const store = useStoreApi();
  const [queue] = useState(() => {
    const { rows, selection } = store.getState();
    return rows
      .filter((row) => selection[row.id] === true)
      .map((row) => ({ deviceId: row.id, address: row.host }));
  });
  return <ScanDialog onClose={onClose} queue={queue} />;
}
