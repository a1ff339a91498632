/**
 * Said once, at the top, when passwords and keys cannot be kept: the technician must know before typing
 * a site password that it will be forgotten when the app quits, and what to do about it — in one line
 * here (the usual cause on a laptop: the desktop's keyring is not running or not unlocked), with the
 * system's own words and the longer advice in Settings.
 */
import type { ReactNode } from 'react';
import type { MessageId } from '../../../shared/i18n/catalogs';
import type { KeychainInfo } from '../../../shared/ipc/channels/credentials';
import { useT } from '../i18n/i18n-provider';
import { useRootStore } from '../stores/root-store';

/** What makes the keychain work on this system, in one sentence ending with the restart it takes. */
function keychainFix(state: KeychainInfo['state'], platform: string | undefined): MessageId {
  switch (platform) {
    case 'linux':
      return state === 'locked' ? 'common.shell.keychain.fixLinuxLocked' : 'common.shell.keychain.fixLinux';
    case 'darwin':
      return 'common.shell.keychain.fixMac';
    case 'win32':
      return 'common.shell.keychain.fixWindows';
    default:
      return 'common.shell.keychain.fixOther';
  }
}

export function KeychainBanner(): ReactNode {
  const { t } = useT();
  const keychain = useRootStore((s) => s.keychain);
  const appInfo = useRootStore((s) => s.appInfo);
  const viewChosen = useRootStore((s) => s.viewChosen);
  if (keychain.status !== 'ready' || keychain.value.persistent) return null;
  const platform = appInfo.status === 'ready' ? appInfo.value.platform : undefined;
  return (
    <div className="banner banner-warn" role="alert">
      <strong>{t('common.shell.keychain.sessionOnly', { state: keychain.value.state })}</strong>{' '}
      {t('common.shell.keychain.explain')} {t(keychainFix(keychain.value.state, platform))}{' '}
      <button type="button" className="link-button" onClick={() => viewChosen('settings')}>
        {t('common.shell.keychain.whatToDo')}
      </button>
    </div>
  );
}
