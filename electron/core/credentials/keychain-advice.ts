/**
 * What a technician can do about a keychain that is not available, per platform: in English (the CLI's
 * `minerdeck keychain`, the logs, a refusal's sentence) and as a message for the window's language (the
 * Settings card, issue 35). One choice of words, so the two never say different things.
 */
import { message } from '../../../shared/i18n/message';
import type { MessageRef } from '../../../shared/i18n/message';
import type { KeychainStatus } from './probe';

export interface KeychainAdvice {
  readonly message: string;
  readonly text: MessageRef;
}

const SESSION_ONLY =
  'Until then Minerdeck runs session-only: secrets are kept in memory and forgotten when it exits; nothing is written to disk.';

const LOCKED: Readonly<Record<string, string>> = {
  darwin: 'Unlock the login keychain in Keychain Access',
  win32: 'Sign in to Windows again so Credential Manager is available',
  other:
    'Unlock your login keyring (log in to the desktop session, or unlock "Login" in Passwords and Keys / seahorse)',
};

const UNAVAILABLE: Readonly<Record<string, string>> = {
  linux:
    'Start a Secret Service in your session: install gnome-keyring (or enable KeePassXC’s Secret Service integration) and log in to a desktop session; on a headless machine run inside `dbus-run-session` after `gnome-keyring-daemon --unlock --components=secrets`',
  other: 'Make sure the OS credential store is available to your user account',
};

const KEYS = {
  locked: {
    darwin: 'settings.keychain.advise.lockedMac',
    win32: 'settings.keychain.advise.lockedWindows',
    other: 'settings.keychain.advise.lockedOther',
  },
  unavailable: {
    linux: 'settings.keychain.advise.unavailableLinux',
    other: 'settings.keychain.advise.unavailableOther',
  },
} as const;

export function keychainAdviceWords(
  status: Pick<KeychainStatus, 'state'>,
  platform: NodeJS.Platform = process.platform,
): KeychainAdvice {
  if (status.state === 'available') {
    return {
      message: 'Passwords and API keys are stored in the OS keychain.',
      text: message('settings.keychain.advise.available'),
    };
  }
  if (status.state === 'locked') {
    const which = platform === 'darwin' || platform === 'win32' ? platform : 'other';
    return {
      message: `${LOCKED[which]}, then run the command again. ${SESSION_ONLY}`,
      text: message(KEYS.locked[which]),
    };
  }
  const which = platform === 'linux' ? platform : 'other';
  return { message: `${UNAVAILABLE[which]}. ${SESSION_ONLY}`, text: message(KEYS.unavailable[which]) };
}
