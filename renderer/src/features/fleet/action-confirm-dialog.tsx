/**
 * "Restart mining…" and "Reboot…" for the selected devices: main says first who would get it and who is
 * skipped and why (offline, rebooting, no credential, locked out), and the confirmation names the count —
 * a reboot takes a device off the network for a minute or two, a restart drops its hash rate for a while.
 * Until main has answered, it says how many devices are being checked, never a count of 0.
 */
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ModalDialog } from '../../components/modal-dialog';
import { count } from '../../lib/format';
import type { PowerAction } from '../../stores/device-actions-slice';
import { useRootStore } from '../../stores/root-store';

const shownAddress = (address: string): string => address.replace(/^https?:\/\//, '');
const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

const WORDS: Record<PowerAction, { title: string; verb: (n: number) => string; what: string }> = {
  'restart-mining': {
    title: 'Restart mining',
    verb: (n) => `Restart mining on ${count(n, 'device')}`,
    what: 'Their hash rate drops while mining starts again (a minute or so); the fleet shows them as restarting, not as an alarm.',
  },
  reboot: {
    title: 'Reboot',
    verb: (n) => `Reboot ${count(n, 'device')}`,
    what: 'They drop off the network for a minute or two; the fleet shows them as rebooting, not as offline, and unlocks them again when they are back.',
  },
};

export function ActionConfirmDialog({ onClose }: { onClose: () => void }): ReactNode {
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
  const checkingWords = `Checking ${count(confirm.asked, 'device')}…`;
  const sending = plan.status === 'ready' ? plan.value.filter((e) => e.send).length : 0;
  const skipped = plan.status === 'ready' ? plan.value.filter((e) => !e.send) : [];
  const close = (): void => {
    closed();
    onClose();
  };

  return (
    <ModalDialog title={`${words.title}?`} onClose={close} describedBy="action-confirm-message">
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
            {plan.error.message}
          </p>
        ) : (
          <>
            <p id="action-confirm-message">
              <strong>{`${words.verb(sending)}?`}</strong> {sending > 0 ? words.what : ''}
            </p>
            {skipped.length > 0 && (
              <>
                <p>{count(skipped.length, 'device')} will be skipped (not contacted):</p>
                <ul className="skipped-list" aria-label="Skipped devices">
                  {skipped.slice(0, 50).map((e) => (
                    <li key={e.deviceId}>
                      <span className="mono">{shownAddress(e.address) || e.deviceId}</span>:{' '}
                      {sentence(e.detail)}
                    </li>
                  ))}
                  {skipped.length > 50 && <li>…and {skipped.length - 50} more.</li>}
                </ul>
              </>
            )}
          </>
        )}
        <div className="modal-actions">
          <button type="button" className="button" onClick={close} autoFocus>
            Cancel
          </button>
          <button type="submit" className="button button-danger" disabled={sending === 0}>
            {checking ? checkingWords : words.verb(sending)}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
