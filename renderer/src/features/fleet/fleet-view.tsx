/**
 * Fleet: every device the technician added, live. Toolbar (search, state filter, columns, monitoring
 * on/off) and the selection's actions on one line, their progress and outcome, the table, and the device
 * panel.
 */
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { errorText } from '../../../../shared/i18n/local-text';
import { useT } from '../../i18n/i18n-provider';
import { DevicePanel } from '../device/device-panel';
import { useRootStore } from '../../stores/root-store';
import { useStandardLoad } from '../standard/use-standard-load';
import { BulkBar } from './bulk-bar';
import { BulkStatus } from './bulk-status';
import { FleetTable } from './fleet-table';
import { FleetToolbar } from './fleet-toolbar';
import { LaptopNetworkBanner, useOffNetworkSince } from './laptop-network-banner';
import { usePresetRefresh } from './preset-note';
import './fleet.css';

export function FleetView(): ReactNode {
  const tr = useT();
  const { t } = tr;
  const offNetwork = useOffNetworkSince() !== undefined;
  const { status, error, size, openDeviceId, viewChosen, fleetRequested } = useRootStore(
    useShallow((s) => ({
      status: s.fleetStatus,
      error: s.fleetError,
      size: s.rows.length,
      openDeviceId: s.openDeviceId,
      viewChosen: s.viewChosen,
      fleetRequested: s.fleetRequested,
    })),
  );
  usePresetRefresh(size);
  useStandardLoad();

  return (
    <section className="view fleet" aria-labelledby="fleet-title">
      <h2 id="fleet-title" className="visually-hidden">
        {t('fleet.view.title')}
      </h2>
      {status === 'error' && (
        <p className="field-error" role="alert">
          {t('fleet.view.loadFailed', { error: error === undefined ? '' : errorText(tr, error) })}{' '}
          <button type="button" className="link-button" onClick={() => void fleetRequested()}>
            {t('fleet.view.tryAgain')}
          </button>
        </p>
      )}
      {status === 'ready' && size === 0 ? (
        <div className="empty">
          <p>{t('fleet.view.empty')}</p>
          <button
            type="button"
            className="button button-primary button-large"
            onClick={() => viewChosen('discover')}
          >
            {t('fleet.view.scan')}
          </button>
        </div>
      ) : (
        <div className={openDeviceId === undefined ? 'fleet-layout' : 'fleet-layout with-panel'}>
          {/* Off the site network: rows keep their last state, dimmed as not checked. */}
          <div className={offNetwork ? 'fleet-main not-checked' : 'fleet-main'}>
            <LaptopNetworkBanner />
            {/* One line on a 1280 px laptop, two on a narrower one. */}
            <div className="fleet-bar">
              <FleetToolbar />
              <BulkBar />
            </div>
            <BulkStatus />
            <FleetTable />
          </div>
          {openDeviceId !== undefined && <DevicePanel />}
        </div>
      )}
    </section>
  );
}
