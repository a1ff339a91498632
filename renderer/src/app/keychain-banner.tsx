/**
 * Said once, at the top, when passwords and keys cannot be kept: the technician must know before typing
 * a site password that it will be forgotten when the app quits, and what to do about it — in one line
 * here (the usual cause on a laptop: the desktop's keyring is not running or not unlocked), with the
 * system's own words and the longer advice in Settings.
 */
import type { ReactNode } from 'react';
import type { KeychainInfo } from '../../../shared/ipc/channels/credentials';
import { useRootStore } from '../stores/root-store';

/** What makes the keychain work on this system, in one sentence ending with the restart it takes. */
function keychainFix(state: KeychainInfo['state'], platform: string | undefined): string {
  const restart = 'and restart Minerdeck.';
  switch (platform) {
    case 'linux':
      return state === 'locked'
        ? `Unlock your login keyring (GNOME Keyring or KWallet) ${restart}`
        : `Start your desktop's keyring (GNOME Keyring or KWallet) ${restart}`;
    case 'darwin':
      return `Unlock the login keychain in Keychain Access ${restart}`;
    case 'win32':
      return `Sign in to Windows again so Credential Manager is available, ${restart}`;
    default:
      return `Start or unlock your system's keychain ${restart}`;
  }
}

export function KeychainBanner(): ReactNode {
  const keychain = useRootStore((s) => s.keychain);
  const appInfo = useRootStore((s) => s.appInfo);
  const viewChosen = useRootStore((s) => s.viewChosen);
  if (keychain.status !== 'ready' || keychain.value.persistent) return null;
  const platform = appInfo.status === 'ready' ? appInfo.value.platform : undefined;
  return (
    <div className="banner banner-warn" role="alert">
      <strong>Session-only: the keychain is {keychain.value.state}.</strong> Passwords are kept only until
      Minerdeck quits, and API keys are not created. {keychainFix(keychain.value.state, platform)}{' '}
      <button type="button" className="link-button" onClick={() => viewChosen('settings')}>
        What to do
      </button>
    </div>
  );
}
