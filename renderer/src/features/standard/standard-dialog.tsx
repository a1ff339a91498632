/**
 * "Standard…" (the Sites view's current site): the site's standard, read from main and shown in the form
 * that sets or changes it (standard-form.tsx). The body scrolls; the title and buttons stay in view.
 */
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ModalDialog } from '../../components/modal-dialog';
import { useRootStore } from '../../stores/root-store';
import { StandardForm } from './standard-form';

export function StandardDialog({ siteName, onClose }: { siteName: string; onClose: () => void }): ReactNode {
  const { standard, standardRequested } = useRootStore(
    useShallow((s) => ({ standard: s.standard, standardRequested: s.standardRequested })),
  );
  useEffect(() => {
    void standardRequested();
  }, [standardRequested]);
  return (
    <ModalDialog
      title={`The standard of site "${siteName}"`}
      onClose={onClose}
      describedBy="standard-note"
      className="modal-wide"
    >
      {standard.status === 'ready' ? (
        <StandardForm
          kept={standard.value.standard}
          siteName={standard.value.siteName}
          submitLabel={standard.value.standard === null ? 'Set the standard' : 'Save the standard'}
          onSaved={onClose}
          onCancel={onClose}
        />
      ) : (
        <form method="dialog" className="modal-form">
          {standard.status === 'error' ? (
            <p className="field-error" role="alert">
              {standard.error.message}
            </p>
          ) : (
            <p role="status">Reading the standard…</p>
          )}
          <div className="modal-actions">
            <button type="submit" className="button">
              Close
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
