/**
 * Scan to place (issue 34): box label, slot label, next — from a handheld scanner, the camera or a click
 * on a slot. Opened from the Racks view, or from the fleet's selection ("Place…": the selected devices
 * wait for their slots in order).
 */
import type { ReactNode } from 'react';
import { ModalDialog } from '../../components/modal-dialog';
import { useT } from '../../i18n/i18n-provider';
import type { PlacingApi } from './placing-api';
import { defaultPlacingApi } from './placing-api';
import { ScanPanel } from './scan-panel';
import type { ScannedDevice } from './scan-steps';
import { useAddressOf } from './use-address-of';
import { useLayoutView } from './use-layout-view';
import { useScanSession } from './use-scan-session';
import './placing.css';

export interface ScanDialogProps {
  onClose: () => void;
  api?: PlacingApi;
  /** Devices to place in this order (the fleet's selection). */
  queue?: readonly ScannedDevice[];
}

export function ScanDialog({ onClose, api = defaultPlacingApi(), queue }: ScanDialogProps): ReactNode {
  const { t } = useT();
  const session = useScanSession(api, queue !== undefined ? { queue } : {});
  const layout = useLayoutView(api);
  const addressOf = useAddressOf();
  return (
    <ModalDialog title={t('placing.scan.title')} onClose={onClose} className="modal-wide">
      <ScanPanel session={session} layout={layout} addressOf={addressOf} />
      <div className="modal-actions">
        <button type="button" className="button" onClick={onClose}>
          {t('placing.scan.done')}
        </button>
      </div>
    </ModalDialog>
  );
}
