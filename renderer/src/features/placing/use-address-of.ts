/** Device id → the address the fleet table shows (`host:port`), for slots and lists; the id when unknown. */
import { useCallback, useMemo } from 'react';
import { useRootStore } from '../../stores/root-store';

export function useAddressOf(): (deviceId: string) => string {
  const rows = useRootStore((s) => s.rows);
  const byId = useMemo(() => new Map(rows.map((row) => [row.id, row.host])), [rows]);
  return useCallback((deviceId) => byId.get(deviceId) ?? deviceId, [byId]);
}
