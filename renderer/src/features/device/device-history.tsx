/** Hash rate and temperatures over the last hour (the monitor's history ring for this device). */
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import type { DeviceDetailView } from '../../../../shared/ipc/channels/monitor';
import { celsiusText, hashRateText } from '../../../../shared/i18n/formats';
import { useT } from '../../i18n/i18n-provider';
import { HistoryChart } from './history-chart';

export function DeviceHistory({ detail }: { detail: DeviceDetailView }): ReactNode {
  const tr = useT();
  const { t } = tr;
  const { history } = detail;
  const hashSeries = useMemo(
    () => [{ label: t('device.history.hashRate'), values: history.values.hashRate, colorVar: '--chart-1' }],
    [history, t],
  );
  const tempSeries = useMemo(
    () => [
      { label: t('device.history.hottestChip'), values: history.values.chipTempMax, colorVar: '--chart-2' },
      { label: t('device.history.hottestBoard'), values: history.values.boardTempMax, colorVar: '--chart-3' },
    ],
    [history, t],
  );
  return (
    <div className="history">
      <HistoryChart
        title={t('device.history.hashRate')}
        at={history.at}
        series={hashSeries}
        format={(v) => hashRateText(tr, v)}
      />
      <HistoryChart
        title={t('device.history.temperatures')}
        at={history.at}
        series={tempSeries}
        format={(v) => celsiusText(tr, v)}
      />
    </div>
  );
}
