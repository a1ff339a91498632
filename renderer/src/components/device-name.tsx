/**
 * A device named in an alert or an outcome line: by its slot when it stands in one, the address in
 * brackets — *C2-R07-S3-P2 (10.0.0.41)* — else by its address (shared/format/device-place-text.ts, which the
 * CLI uses too). Reads only its own device's slot, so a monitor redraw does not re-render it.
 */
import type { ReactNode } from 'react';
import { namedWithSlot } from '../../../shared/format/device-place-text';
import { useRootStore } from '../stores/root-store';

export function DeviceName({ deviceId, address }: { deviceId: string; address: string }): ReactNode {
  const slot = useRootStore((s) => s.rowLocations[deviceId]?.slot);
  return (
    <span className="mono" data-slot={slot}>
      {namedWithSlot(address, slot)}
    </span>
  );
}
