/**
 * "Standard…" (the Sites view's current site): the site's standard, read from main and shown in the form
 * that sets or changes it (standard-form.tsx). The body scrolls; the title and buttons stay in view.
 */
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { errorText } from '../../../../shared/i18n/local-text';
import { ModalDialog } from '../../components/modal-dialog';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore } from '../../stores/root-store';
import { StandardForm } from './standard-form';

export function StandardDialog({ siteName, onClose }: { siteName: string; onClose: () => void }): ReactNode {
  const tr = useT();
  const { t } = tr;
  const { standard, standardRequested } = useRootStore(
    useShallow((s) => ({ standard: s.standard, standardRequested: s.standardRequested })),
  );
  useEffect(() => {
    void standardRequested();
  }, [standardRequested]);
  return (
    <ModalDialog
      title={t('standard.dialog.title', { site: siteName })}
      onClose={onClose}
      describedBy="standard-note"
      className="modal-wide"
    >
      {standard.status === 'ready' ? (
        <StandardForm
          kept={standard.value.standard}
          siteName={standard.value.siteName}
          submitLabel={t(standard.value.standard === null ? 'standard.dialog.set' : 'standard.dialog.save')}
          onSaved={onClose}
          onCancel={onClose}
        />
      ) : (
        <form method="dialog" className="modal-form">
          {standard.status === 'error' ? (
            <p className="field-error" role="alert">
              {errorText(tr, standard.error)}
            </p>
          ) : (
            <p role="status">{t('standard.dialog.reading')}</p>
          )}
          <div className="modal-actions">
            <button type="submit" className="button">
              {t('common.action.close')}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
