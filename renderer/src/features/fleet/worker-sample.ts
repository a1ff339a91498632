/**
 * A fleet device to show a worker template worked out on ("10.0.3.57 gets acct.A1B2C3"): the first
 * selected device, else the fleet's first. Pools… and the site standard's pools show it as typed.
 */
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { WorkerValues } from '../../../../shared/domain/worker-template';
import { workerValues } from '../../../../shared/domain/worker-template';
import { useRootStore } from '../../stores/root-store';

export function useWorkerSample(): { label: string; values: WorkerValues } | undefined {
  const { row, siteId } = useRootStore(
    useShallow((state) => ({
      row: state.rows.find((r) => state.selection[r.id] === true) ?? state.rows[0],
      siteId:
        state.sites.status === 'ready' ? state.sites.value.sites.find((site) => site.current)?.id : undefined,
    })),
  );
  return useMemo(() => {
    if (row === undefined) return undefined;
    const host = row.host.replace(/:\d+$/, '');
    return {
      label: row.host,
      values: workerValues({ mac: row.mac, host, hostname: row.hostname, site: siteId ?? null }),
    };
  }, [row, siteId]);
}
