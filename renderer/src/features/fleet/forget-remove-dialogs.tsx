/**
 * "Forget…" and "Remove…" for the selected devices: both only change this laptop (the keychain, the
 * fleet), never a device, and cannot be undone from here, so both ask first. Forget says what to forget.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { ModalDialog } from '../../components/modal-dialog';
import { count } from '../../lib/format';
import { useRootStore } from '../../stores/root-store';
import { ConfirmDialog } from './confirm-dialog';

type ForgetWhat = 'password' | 'api-key' | 'all';

const FORGET_CHOICES: readonly { value: ForgetWhat; label: string }[] = [
  { value: 'all', label: 'Password and API key' },
  { value: 'password', label: 'Password' },
  { value: 'api-key', label: 'API key' },
];

export function ForgetDialog({
  count: selected,
  onClose,
}: {
  count: number;
  onClose: () => void;
}): ReactNode {
  const forgetRequested = useRootStore((s) => s.forgetRequested);
  const [what, setWhat] = useState<ForgetWhat>('all');
  return (
    <ModalDialog title="Forget stored credentials?" onClose={onClose} describedBy="forget-message">
      <form method="dialog" className="modal-form">
        <label className="field">
          <span className="field-label">What to forget</span>
          <select value={what} onChange={(e) => setWhat(e.target.value as ForgetWhat)}>
            {FORGET_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
        <p id="forget-message">
          What is stored on this laptop for {count(selected, 'device')} is deleted. API keys keep working on
          the devices until revoked.
        </p>
        <div className="modal-actions">
          <button type="submit" value="cancel" className="button" autoFocus>
            Cancel
          </button>
          <button
            type="submit"
            value="confirm"
            className="button button-danger"
            onClick={() => void forgetRequested(what)}
          >
            Forget
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
  const removeRequested = useRootStore((s) => s.removeRequested);
  return (
    <ConfirmDialog
      title="Remove from the fleet?"
      message={`${count(selected, 'device')} will no longer be watched. What is stored in the keychain stays.`}
      confirmLabel="Remove"
      onConfirm={() => void removeRequested()}
      onClose={onClose}
    />
  );
}
