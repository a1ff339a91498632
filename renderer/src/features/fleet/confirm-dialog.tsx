/** "Are you sure?" for actions that cannot be undone from here (forget, remove). */
import type { ReactNode } from 'react';
import { ModalDialog } from '../../components/modal-dialog';
import { useT } from '../../i18n/i18n-provider';

export interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog(props: ConfirmDialogProps): ReactNode {
  const { t } = useT();
  return (
    <ModalDialog title={props.title} onClose={props.onClose} describedBy="confirm-message">
      <form method="dialog" className="modal-form">
        <p id="confirm-message">{props.message}</p>
        <div className="modal-actions">
          <button type="submit" value="cancel" className="button" autoFocus>
            {t('common.action.cancel')}
          </button>
          <button type="submit" value="confirm" className="button button-danger" onClick={props.onConfirm}>
            {props.confirmLabel}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
