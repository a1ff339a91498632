/**
 * Said once, at the top, when passwords and keys cannot be kept: the technician must know before typing
 * a site password that it will be forgotten when the app quits, and what to do about it.
 */
import type { ReactNode } from 'react';
import { useRootStore } from '../stores/root-store';

export function KeychainBanner(): ReactNode {
  const keychain = useRootStore((s) => s.keychain);
  const viewChosen = useRootStore((s) => s.viewChosen);
  if (keychain.status !== 'ready' || keychain.value.persistent) return null;
  return (
    <div className="banner banner-warn" role="alert">
      <strong>Session-only: the keychain is {keychain.value.state}.</strong> Passwords are kept only until
      Minerdeck quits, and API keys are not created.{' '}
      <button type="button" className="link-button" onClick={() => viewChosen('settings')}>
        What to do
      </button>
    </div>
  );
}
