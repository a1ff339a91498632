/**
 * Racks: where every device stands (issue 34). The fleet's filters and the rack editor's buttons, the
 * placing tools (racks-tools.ts), the legend, then the map (rack-map.tsx) with the device panel beside it
 * when a slot is clicked, as in the fleet. The layout is read when the view opens and whenever main says
 * it changed.
 */
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Rack } from '../../../../shared/domain/layout';
import { errorText } from '../../../../shared/i18n/local-text';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore } from '../../stores/root-store';
import { DevicePanel } from '../device/device-panel';
import { FilterFields } from '../fleet/filter-fields';
import { useStandardLoad } from '../standard/use-standard-load';
import { lookCounts, RackLegend } from './rack-legend';
import { RackEditor } from './rack-editor';
import { RackMap, useMapCells } from './rack-map';
import { RACKS_TOOLS } from './racks-tools';
import { SlotPatternDialog } from './slot-pattern-dialog';
import '../fleet/fleet.css';
import './racks.css';

type Editing = { kind: 'rack'; rack?: Rack } | { kind: 'pattern' } | undefined;

function RacksBar({ onEdit }: { onEdit: (editing: Editing) => void }): ReactNode {
  const { view, placed, devices } = useRootStore(
    useShallow((s) => ({
      view: s.layoutView,
      placed: Object.keys(s.rowLocations).length,
      devices: s.rows.length,
    })),
  );
  const { t } = useT();
  const racks = view.status === 'ready' ? view.value.layout.racks.length : 0;
  return (
    <div className="fleet-bar racks-bar">
      <div className="fleet-toolbar" role="search">
        <FilterFields searchId="racks-search" />
        <p className="toolbar-count" aria-live="polite">
          {t('racks.view.count', { racks, placed, devices })}
        </p>
      </div>
      <div className="racks-actions">
        <button type="button" className="button" onClick={() => onEdit({ kind: 'rack' })}>
          {t('racks.view.addRack')}
        </button>
        <button type="button" className="button" onClick={() => onEdit({ kind: 'pattern' })}>
          {t('racks.view.slotNames')}
        </button>
        {RACKS_TOOLS.map((Tool, i) => (
          <Tool key={i} />
        ))}
      </div>
    </div>
  );
}

function RacksBody({ onEdit }: { onEdit: (editing: Editing) => void }): ReactNode {
  const tr = useT();
  const view = useRootStore((s) => s.layoutView);
  const layoutRequested = useRootStore((s) => s.layoutRequested);
  if (view.status === 'error') {
    return (
      <p className="field-error" role="alert">
        {tr.t('racks.view.loadFailed', { reason: errorText(tr, view.error) })}{' '}
        <button type="button" className="link-button" onClick={() => void layoutRequested()}>
          {tr.t('racks.view.retry')}
        </button>
      </p>
    );
  }
  if (view.status !== 'ready') return <p className="field-hint">{tr.t('racks.view.loading')}</p>;
  return <ReadyMap view={view.value} onEdit={onEdit} />;
}

function ReadyMap({
  view,
  onEdit,
}: {
  view: Parameters<typeof useMapCells>[0];
  onEdit: (e: Editing) => void;
}): ReactNode {
  const areas = useMapCells(view);
  return (
    <>
      <RackLegend counts={lookCounts(areas)} />
      <RackMap view={view} areas={areas} onEdit={(rack) => onEdit({ kind: 'rack', rack })} />
    </>
  );
}

export function RacksView(): ReactNode {
  const { openDeviceId, layoutRequested, placedIn } = useRootStore(
    useShallow((s) => ({
      openDeviceId: s.openDeviceId,
      layoutRequested: s.layoutRequested,
      placedIn: s.rowLocations,
    })),
  );
  const { t } = useT();
  const [editing, setEditing] = useState<Editing>(undefined);
  useStandardLoad();
  useEffect(() => {
    void layoutRequested();
  }, [layoutRequested]);
  const editedRack = editing?.kind === 'rack' ? editing.rack : undefined;
  const placed =
    editedRack === undefined ? 0 : Object.values(placedIn).filter((l) => l.rackId === editedRack.id).length;

  return (
    <section className="view racks" aria-labelledby="racks-title">
      <h2 id="racks-title" className="visually-hidden">
        {t('racks.view.title')}
      </h2>
      <div className={openDeviceId === undefined ? 'fleet-layout' : 'fleet-layout with-panel'}>
        <div className="fleet-main racks-main">
          <RacksBar onEdit={setEditing} />
          <RacksBody onEdit={setEditing} />
        </div>
        {openDeviceId !== undefined && <DevicePanel />}
      </div>
      {editing?.kind === 'rack' && (
        <RackEditor rack={editedRack} placed={placed} onClose={() => setEditing(undefined)} />
      )}
      {editing?.kind === 'pattern' && <SlotPatternDialog onClose={() => setEditing(undefined)} />}
    </section>
  );
}
