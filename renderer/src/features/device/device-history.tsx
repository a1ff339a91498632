/** Hash rate and temperatures over the last hour (the monitor's history ring for this device). */
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import type { DeviceDetailView } from '../../../../shared/ipc/channels/monitor';
import { hashRate } from '../../lib/format';
import { HistoryChart } from './history-chart';

export function DeviceHistory({ detail }: { detail: DeviceDetailView }): ReactNode {
  const { history } = detail;
  const hashSeries = useMemo(
    () => [{ label: 'Hash rate', values: history.values.hashRate, colorVar: '--chart-1' }],
    [history],
  );
  const tempSeries = useMemo(
    () => [
      { label: 'Hottest chip', values: history.values.chipTempMax, colorVar: '--chart-2' },
      { label: 'Hottest board', values: history.values.boardTempMax, colorVar: '--chart-3' },
    ],
    [history],
  );
  return (
    <div className="history">
      <HistoryChart title="Hash rate" at={history.at} series={hashSeries} format={(v) => hashRate(v)} />
      <HistoryChart
        title="Temperatures"
        at={history.at}
        series={tempSeries}
        format={(v) => `${Math.round(v)} °C`}
      />
    </div>
  );
}
