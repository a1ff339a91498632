/** The filters (filter-fields.tsx), how many are shown and selected, the Columns menu, and monitoring on/off. */
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore } from '../../stores/root-store';
import { ColumnChooser } from './column-chooser';
import { FilterFields } from './filter-fields';
import { visibleRows } from './visible-rows';

export function FleetToolbar(): ReactNode {
  const { t } = useT();
  const { total, shown, selected, monitoring, monitoringToggled } = useRootStore(
    useShallow((s) => ({
      total: s.rows.length,
      shown: visibleRows(s).length,
      selected: Object.values(s.selection).filter(Boolean).length,
      monitoring: s.monitoring,
      monitoringToggled: s.monitoringToggled,
    })),
  );

  return (
    <div className="fleet-toolbar" role="search">
      <FilterFields searchId="fleet-search" />
      <p className="toolbar-count" aria-live="polite">
        {shown === total
          ? t('fleet.toolbar.devices', { count: total })
          : t('fleet.toolbar.shownOf', { shown, total })}
        {selected > 0 ? ` · ${t('fleet.toolbar.selected', { count: selected })}` : ''}
      </p>
      <ColumnChooser />
      <button
        type="button"
        className={monitoring ? 'button' : 'button button-primary'}
        onClick={() => void monitoringToggled()}
      >
        {monitoring ? t('fleet.toolbar.pauseMonitoring') : t('fleet.toolbar.startMonitoring')}
      </button>
    </div>
  );
}
