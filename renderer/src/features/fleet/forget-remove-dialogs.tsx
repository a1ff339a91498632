/**
 * "Forget…" and "Remove…" for the selected devices: both only change this laptop (the keychain, the
 * fleet), never a device, and cannot be undone from here, so both ask first. Forget says what to forget.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { ModalDialog } from '../../components/modal-dialog';
import type { MessageId } from '../../../../shared/i18n/catalogs';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore } from '../../stores/root-store';
import { ConfirmDialog } from './confirm-dialog';

type ForgetWhat = 'password' | 'api-key' | 'all';

const FORGET_CHOICES: readonly { value: ForgetWhat; label: MessageId }[] = [
  { value: 'all', label: 'fleet.forget.all' },
  { value: 'password', label: 'fleet.forget.password' },
  { value: 'api-key', label: 'fleet.forget.apiKey' },
];

export function ForgetDialog({
  count: selected,
  onClose,
}: {
  count: number;
  onClose: () => void;
}): ReactNode {
  const { t } = useT();
  const forgetRequested = useRootStore((s) => s.forgetRequested);
  const [what, setWhat] = useState<ForgetWhat>('all');
  return (
    <ModalDialog title={t('fleet.forget.title')} onClose={onClose} describedBy="forget-message">
      <form method="dialog" className="modal-form">
        <label className="field">
          <span className="field-label">{t('fleet.forget.what')}</span>
          <select value={what} onChange={(e) => setWhat(e.target.value as ForgetWhat)}>
            {FORGET_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {t(choice.label)}
              </option>
            ))}
          </select>
        </label>
        <p id="forget-message">{t('fleet.forget.message', { count: selected })}</p>
        <div className="modal-actions">
          <button type="submit" value="cancel" className="button" autoFocus>
            {t('common.action.cancel')}
          </button>
          <button
            type="submit"
            value="confirm"
            className="button button-danger"
            onClick={() => void forgetRequested(what)}
          >
            {t('fleet.forget.confirm')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

export function RemoveDialog({
  count: selected,
  onClose,
}: {
  count: number;
  onClose: () => void;
}): ReactNode {
  const { t } = useT();
  const removeRequested = useRootStore((s) => s.removeRequested);
  return (
    <ConfirmDialog
      title={t('fleet.remove.title')}
      message={t('fleet.remove.message', { count: selected })}
      confirmLabel={t('fleet.remove.confirm')}
      onConfirm={() => void removeRequested()}
      onClose={onClose}
    />
  );
}
