/**
 * Unlock the selected devices with one password: typed once, tried once per device (never retried — a
 * wrong password must not lock anyone out), remembered for the site, and, ticked by default, followed by
 * a verified API key on each device that accepted it. The password leaves this form only inside the one
 * request; the field is cleared when the dialog closes.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ModalDialog } from '../../components/modal-dialog';
import { useT } from '../../i18n/i18n-provider';
import { currentSiteName } from '../../stores/current-site';
import { useRootStore } from '../../stores/root-store';

export function UnlockDialog({
  count: selected,
  onClose,
}: {
  count: number;
  onClose: () => void;
}): ReactNode {
  const { t } = useT();
  const { unlockRequested, persistent, siteName } = useRootStore(
    useShallow((s) => ({
      unlockRequested: s.unlockRequested,
      persistent: s.keychain.status !== 'ready' || s.keychain.value.persistent,
      siteName: currentSiteName(s),
    })),
  );
  const [password, setPassword] = useState('');
  const [scope, setScope] = useState<'site' | 'device'>('site');
  const [remember, setRemember] = useState(true);
  const [createKeys, setCreateKeys] = useState(persistent);

  return (
    <ModalDialog
      title={t('fleet.unlock.title', { count: selected })}
      onClose={onClose}
      describedBy="unlock-note"
    >
      <form
        method="dialog"
        className="modal-form"
        onSubmit={(e) => {
          if ((e.nativeEvent as SubmitEvent).submitter?.getAttribute('value') !== 'unlock') return;
          if (password === '') {
            e.preventDefault();
            return;
          }
          void unlockRequested({ password, scope, remember, createKeys: createKeys && persistent });
          setPassword('');
        }}
      >
        <label className="field">
          <span className="field-label">{t('fleet.unlock.password')}</span>
          <input
            type="password"
            name="password"
            autoComplete="off"
            autoFocus
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <p id="unlock-note" className="field-hint">
          {t('fleet.unlock.note')}
        </p>
        <fieldset className="field">
          <legend className="field-label">{t('fleet.unlock.scope')}</legend>
          <label className="choice">
            <input type="radio" name="scope" checked={scope === 'site'} onChange={() => setScope('site')} />
            {siteName !== undefined
              ? t('fleet.unlock.scopeSiteNamed', { site: siteName })
              : t('fleet.unlock.scopeSite')}
          </label>
          <label className="choice">
            <input
              type="radio"
              name="scope"
              checked={scope === 'device'}
              onChange={() => setScope('device')}
            />
            {t('fleet.unlock.scopeDevice')}
          </label>
        </fieldset>
        <label className="choice">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          {persistent ? t('fleet.unlock.rememberKeychain') : t('fleet.unlock.rememberSession')}
        </label>
        <label className="choice">
          <input
            type="checkbox"
            checked={createKeys && persistent}
            disabled={!persistent}
            onChange={(e) => setCreateKeys(e.target.checked)}
          />
          {persistent ? t('fleet.unlock.createKeys') : t('fleet.unlock.createKeysNoKeychain')}
        </label>
        <div className="modal-actions">
          <button type="submit" value="cancel" className="button" formNoValidate>
            {t('common.action.cancel')}
          </button>
          <button type="submit" value="unlock" className="button button-primary" disabled={password === ''}>
            {t('fleet.unlock.submit', { count: selected })}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
