/**
 * What can be done about this device's credentials: unlock it with its own password (when it differs
 * from the site's), create an API key, copy the key for the customer (main writes the clipboard; the key
 * never comes here), revoke it, and open the device's own web page in the system browser.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { errorText, localText } from '../../../../shared/i18n/local-text';
import type { Translator } from '../../../../shared/i18n/translate';
import type { DeviceDetailView } from '../../../../shared/ipc/channels/monitor';
import { ConfirmDialog } from '../fleet/confirm-dialog';
import { useT } from '../../i18n/i18n-provider';
import type { PanelWords } from '../../stores/device-slice';
import { useRootStore } from '../../stores/root-store';

const PASSWORD_WORDS = {
  none: 'device.credentials.passwordNone',
  device: 'device.credentials.passwordDevice',
  site: 'device.credentials.passwordSite',
  rejected: 'device.credentials.passwordRejected',
} as const;

/** The last action's sentence in the window's language. */
function panelText(tr: Translator, said: PanelWords): string {
  if ('words' in said) return tr.t(said.words);
  if ('made' in said) return localText(tr, said.made);
  return errorText(tr, said.error);
}

/** Whether an API key is stored, and the name it was given. */
function keyText(tr: Translator, creds: DeviceDetailView['device']['credentials']): string {
  if (!creds.apiKey) return tr.t('device.credentials.keyNone');
  return creds.apiKeyDescription
    ? tr.t('device.credentials.keyNamed', { name: creds.apiKeyDescription })
    : tr.t('device.credentials.key');
}

export function CredentialActions({ detail }: { detail: DeviceDetailView }): ReactNode {
  const tr = useT();
  const { t } = tr;
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
          {t('device.credentials.factoryDefault')}
        </p>
      )}
      <p>
        {t(PASSWORD_WORDS[creds.password])} {keyText(tr, creds)}
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
          <span className="field-label">{t('device.credentials.ownPassword')}</span>
          <input
            type="password"
            autoComplete="off"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <label className="choice">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          {t('device.credentials.remember')}
        </label>
        <button type="submit" className="button button-primary" disabled={busy || password === ''}>
          {t('device.credentials.unlock')}
        </button>
      </form>
      <div className="action-row">
        <button
          type="button"
          className="button"
          disabled={busy || !actions.persistent}
          onClick={() => void actions.createKey()}
        >
          {creds.apiKey ? t('device.credentials.renewKey') : t('device.credentials.createKey')}
        </button>
        <button
          type="button"
          className="button"
          disabled={busy || !creds.apiKey}
          onClick={() => void actions.copyKey()}
        >
          {t('device.credentials.copyKey')}
        </button>
        <button
          type="button"
          className="button button-danger"
          disabled={busy || !creds.apiKey}
          onClick={() => setConfirmRevoke(true)}
        >
          {t('device.credentials.revokeKey')}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void actions.openPage()}>
          {t('device.credentials.openPage')}
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
          {panelText(tr, actions.action.said)}
        </p>
      )}
      {confirmRevoke && (
        <ConfirmDialog
          title={t('device.credentials.revokeTitle')}
          message={t('device.credentials.revokeMessage')}
          confirmLabel={t('device.credentials.revokeConfirm')}
          onConfirm={() => void actions.revoke()}
          onClose={() => setConfirmRevoke(false)}
        />
      )}
    </div>
  );
}
