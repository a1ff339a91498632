/**
 * The fleet's filters — the text search, the state filter and "where" (an area, a rack, the devices in no
 * slot) — one filter state (fleet-slice.ts `filter`) shown by the fleet table's toolbar and the rack map's
 * alike: a filter chosen in one view holds in the other.
 */
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { PlaceFilter } from '../../lib/rack-layout';
import { racksByArea } from '../../lib/rack-layout';
import type { StateFilterId } from '../../lib/states';
import { STATE_FILTERS } from '../../lib/states';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore } from '../../stores/root-store';

/** The "where" choices of the current site's layout: nothing while it has no rack. */
function PlaceSelect(): ReactNode {
  const { t } = useT();
  const { place, filterChanged, view } = useRootStore(
    useShallow((s) => ({ place: s.filter.place ?? '', filterChanged: s.filterChanged, view: s.layoutView })),
  );
  if (view.status !== 'ready' || view.value.layout.racks.length === 0) return null;
  const groups = racksByArea(view.value.layout);
  return (
    <label className="toolbar-field">
      <span className="visually-hidden">{t('fleet.filter.where')}</span>
      <select
        value={place}
        onChange={(e) => filterChanged({ place: e.target.value as PlaceFilter })}
        aria-label={t('fleet.filter.showIn')}
        className="place-select"
      >
        <option value="">{t('fleet.filter.everyPlace')}</option>
        <option value="unplaced">{t('fleet.filter.unplaced')}</option>
        {groups.map((group) => (
          <optgroup key={group.area} label={t('fleet.filter.area', { area: group.area })}>
            <option value={`area:${group.area}`}>{t('fleet.filter.allOfArea', { area: group.area })}</option>
            {group.racks.map((rack) => (
              <option key={rack.id} value={`rack:${rack.id}`}>
                {t('fleet.filter.rack', { name: rack.name })}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </label>
  );
}

/** `searchId`: the field `/` and Ctrl+F focus in this view (use-shortcuts.ts). */
export function FilterFields({ searchId }: { searchId: string }): ReactNode {
  const { t } = useT();
  const { filter, filterChanged } = useRootStore(
    useShallow((s) => ({ filter: s.filter, filterChanged: s.filterChanged })),
  );
  return (
    <>
      <label className="toolbar-field">
        <span className="visually-hidden">{t('fleet.filter.search')}</span>
        <input
          id={searchId}
          type="search"
          placeholder={t('fleet.filter.searchPlaceholder')}
          title={t('fleet.filter.searchTitle')}
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
        <span className="visually-hidden">{t('fleet.filter.show')}</span>
        <select
          value={filter.state}
          onChange={(e) => filterChanged({ state: e.target.value as StateFilterId })}
          aria-label={t('fleet.filter.showDevices')}
        >
          {STATE_FILTERS.map((f) => (
            <option key={f.id} value={f.id}>
              {t(f.label)}
            </option>
          ))}
        </select>
      </label>
      <PlaceSelect />
    </>
  );
}
