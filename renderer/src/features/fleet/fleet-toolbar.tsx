/** Search, state filter, how many are shown and selected, the Columns menu, and monitoring on/off. */
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { count } from '../../lib/format';
import type { StateFilterId } from '../../lib/states';
import { STATE_FILTERS } from '../../lib/states';
import { useRootStore } from '../../stores/root-store';
import { ColumnChooser } from './column-chooser';
import { visibleRows } from './visible-rows';

export function FleetToolbar(): ReactNode {
  const { filter, filterChanged, total, shown, selected, monitoring, monitoringToggled } = useRootStore(
    useShallow((s) => ({
      filter: s.filter,
      filterChanged: s.filterChanged,
      total: s.rows.length,
      shown: visibleRows(s).length,
      selected: Object.values(s.selection).filter(Boolean).length,
      monitoring: s.monitoring,
      monitoringToggled: s.monitoringToggled,
    })),
  );

  return (
    <div className="fleet-toolbar" role="search">
      <label className="toolbar-field">
        <span className="visually-hidden">Search devices</span>
        <input
          id="fleet-search"
          type="search"
          placeholder="Search…  ( / )"
          title="Search the address, name, model…  ( / )"
          value={filter.text}
          onChange={(e) => filterChanged({ text: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && filter.text !== '') {
              e.preventDefault();
              filterChanged({ text: '' });
            }
          }}
        />
      </label>
      <label className="toolbar-field">
        <span className="visually-hidden">Show</span>
        <select
          value={filter.state}
          onChange={(e) => filterChanged({ state: e.target.value as StateFilterId })}
          aria-label="Show devices"
        >
          {STATE_FILTERS.map((f) => (
            <option key={f.id} value={f.id}>
              {f.label}
            </option>
          ))}
        </select>
      </label>
      <p className="toolbar-count" aria-live="polite">
        {shown === total
          ? count(total, 'device')
          : `${shown.toLocaleString('en-US')} of ${count(total, 'device')}`}
        {selected > 0 ? ` · ${selected.toLocaleString('en-US')} selected` : ''}
      </p>
      <ColumnChooser />
      <button
        type="button"
        className={monitoring ? 'button' : 'button button-primary'}
        onClick={() => void monitoringToggled()}
      >
        {monitoring ? 'Pause monitoring' : 'Start monitoring'}
      </button>
    </div>
  );
}
