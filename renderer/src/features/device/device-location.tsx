/**
 * Where the open device stands, under its name in the panel: its slot, area and rack in this site's
 * layout (issue 34), or that it stands in no slot yet (the Racks view places it).
 */
import type { ReactNode } from 'react';
import { useRootStore } from '../../stores/root-store';

export function DeviceLocation({ deviceId }: { deviceId: string }): ReactNode {
  const where = useRootStore((s) => s.rowLocations[deviceId]);
  const hasLayout = useRootStore(
    (s) => s.layoutView.status === 'ready' && s.layoutView.value.layout.racks.length > 0,
  );
  if (where === undefined) {
    return hasLayout ? (
      <p className="panel-location" data-location="">
        In no slot yet
      </p>
    ) : null;
  }
  return (
    <p className="panel-location" data-location={where.slot}>
      <span className="mono">{where.slot}</span> · area {where.area}, rack {where.rack}
    </p>
  );
}
