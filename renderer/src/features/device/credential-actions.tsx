/**
 * What can be done about this device's credentials: unlock it with its own password (when it differs
 * from the site's), create an API key, copy the key for the customer (main writes the clipboard; the key
 * never comes here), revoke it, and open the device's own web page in the system browser.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { DeviceDetailView } from '../../../../shared/ipc/channels/monitor';
import { ConfirmDialog } from '../fleet/confirm-dialog';
import { useRootStore } from '../../stores/root-store';

const PASSWORD_WORDS = {
  none: 'No password is stored.',
  device: 'Its own password is stored.',
  site: 'It uses the site password.',
  rejected: 'The stored password was refused by the device; give the right one.',
} as const;

export function CredentialActions({ detail }: { detail: DeviceDetailView }): ReactNode {
  const actions = useRootStore(
    useShallow((s) => ({
      action: s.panelAction,
      unlock: s.deviceUnlockRequested,
      createKey: s.deviceKeyRequested,
      copyKey: s.deviceKeyCopied,
      revoke: s.deviceKeyRevoked,
      openPage: s.deviceWebPageOpened,
      persistent: s.keychain.status !== 'ready' || s.keychain.value.persistent,
    })),
  );
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const creds = detail.device.credentials;
  const busy = actions.action?.status === 'running';

  return (
    <div className="credential-actions">
      {creds.factoryPassword === true && (
        <p className="field-error" role="note">
          Its password is the factory default &quot;admin&quot;: anyone on the LAN can change its pools.
          Select it in the fleet and use Actions → &quot;Password…&quot; before hand-over.
        </p>
      )}
      <p>
        {PASSWORD_WORDS[creds.password]}{' '}
        {creds.apiKey
          ? `An API key is stored${creds.apiKeyDescription ? ` ("${creds.apiKeyDescription}")` : ''}.`
          : 'No API key is stored.'}
      </p>
      <form
        className="inline-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (password === '') return;
          void actions.unlock(password, remember);
          setPassword('');
        }}
      >
        <label className="field">
          <span className="field-label">This device's own password</span>
          <input
            type="password"
            autoComplete="off"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <label className="choice">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          Remember it for this device
        </label>
        <button type="submit" className="button button-primary" disabled={busy || password === ''}>
          Unlock
        </button>
      </form>
      <div className="action-row">
        <button
          type="button"
          className="button"
          disabled={busy || !actions.persistent}
          onClick={() => void actions.createKey()}
        >
          {creds.apiKey ? 'Check / renew API key' : 'Create API key'}
        </button>
        <button
          type="button"
          className="button"
          disabled={busy || !creds.apiKey}
          onClick={() => void actions.copyKey()}
        >
          Copy API key
        </button>
        <button
          type="button"
          className="button button-danger"
          disabled={busy || !creds.apiKey}
          onClick={() => setConfirmRevoke(true)}
        >
          Revoke API key…
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void actions.openPage()}>
          Open web page ↗
        </button>
      </div>
      {actions.action !== undefined && (
        <p
          className={
            actions.action.status === 'error'
              ? 'field-error'
              : actions.action.status === 'done'
                ? 'notice-ok'
                : 'field-hint'
          }
          role="status"
          aria-live="polite"
        >
          {actions.action.message}
        </p>
      )}
      {confirmRevoke && (
        <ConfirmDialog
          title="Revoke the API key?"
          message="The key is deleted on the device where it can be, and forgotten here. Whoever uses it will need a new one."
          confirmLabel="Revoke"
          onConfirm={() => void actions.revoke()}
          onClose={() => setConfirmRevoke(false)}
        />
      )}
    </div>
  );
}
