/**
 * "Restart mining…" and "Reboot…" for the selected devices: main says first who would get it and who is
 * skipped and why (offline, rebooting, no credential, locked out), and the confirmation names the count —
 * a reboot takes a device off the network for a minute or two, a restart drops its hash rate for a while.
 * Until main has answered, it says how many devices are being checked, never a count of 0.
 */
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ModalDialog } from '../../components/modal-dialog';
import type { MessageId } from '../../../../shared/i18n/catalogs';
import { errorText, madeText } from '../../../../shared/i18n/local-text';
import { useT } from '../../i18n/i18n-provider';
import type { PowerAction } from '../../stores/device-actions-slice';
import { useRootStore } from '../../stores/root-store';

const shownAddress = (address: string): string => address.replace(/^https?:\/\//, '');
const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** Each action's words: the dialog's title, the button (with the count), that as a question, and what it does. */
const WORDS: Record<
  PowerAction,
  { title: MessageId; verb: MessageId; question: MessageId; what: MessageId }
> = {
  'restart-mining': {
    title: 'fleet.power.restart.title',
    verb: 'fleet.power.restart.verb',
    question: 'fleet.power.restart.question',
    what: 'fleet.power.restart.what',
  },
  reboot: {
    title: 'fleet.power.reboot.title',
    verb: 'fleet.power.reboot.verb',
    question: 'fleet.power.reboot.question',
    what: 'fleet.power.reboot.what',
  },
};

export function ActionConfirmDialog({ onClose }: { onClose: () => void }): ReactNode {
  const tr = useT();
  const { t } = tr;
  const { confirm, powerRequested, closed } = useRootStore(
    useShallow((s) => ({
      confirm: s.actionConfirm,
      powerRequested: s.powerRequested,
      closed: s.actionConfirmClosed,
    })),
  );
  if (confirm === undefined) return null;
  const words = WORDS[confirm.action];
  const { plan } = confirm;
  const checking = plan.status === 'loading' || plan.status === 'idle';
  const checkingWords = t('fleet.power.checking', { count: confirm.asked });
  const sending = plan.status === 'ready' ? plan.value.filter((e) => e.send).length : 0;
  const skipped = plan.status === 'ready' ? plan.value.filter((e) => !e.send) : [];
  const close = (): void => {
    closed();
    onClose();
  };

  return (
    <ModalDialog title={t(words.title)} onClose={close} describedBy="action-confirm-message">
      <form
        className="modal-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (sending === 0) return;
          void powerRequested(confirm.action);
          onClose();
        }}
      >
        {checking ? (
          <p id="action-confirm-message" role="status">
            {checkingWords}
          </p>
        ) : plan.status === 'error' ? (
          <p id="action-confirm-message" className="field-error" role="alert">
            {errorText(tr, plan.error)}
          </p>
        ) : (
          <>
            <p id="action-confirm-message">
              <strong>{t(words.question, { count: sending })}</strong> {sending > 0 ? t(words.what) : ''}
            </p>
            {skipped.length > 0 && (
              <>
                <p>{t('fleet.power.skipped', { count: skipped.length })}</p>
                <ul className="skipped-list" aria-label={t('fleet.power.skippedLabel')}>
                  {skipped.slice(0, 50).map((e) => (
                    <li key={e.deviceId}>
                      <span className="mono">{shownAddress(e.address) || e.deviceId}</span>:{' '}
                      {sentence(madeText(tr, e.detail, e.detailText))}
                    </li>
                  ))}
                  {skipped.length > 50 && <li>{t('fleet.power.more', { count: skipped.length - 50 })}</li>}
                </ul>
              </>
            )}
          </>
        )}
        <div className="modal-actions">
          <button type="button" className="button" onClick={close} autoFocus>
            {t('common.action.cancel')}
          </button>
          <button type="submit" className="button button-danger" disabled={sending === 0}>
            {checking ? checkingWords : t(words.verb, { count: sending })}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
