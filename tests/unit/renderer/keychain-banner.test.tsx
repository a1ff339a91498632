/**
 * The session-only banner says in one line what a technician does about it on a real laptop (start or
 * unlock the desktop's keyring, then restart), for the system the app runs on.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from '../../../renderer/src/app/app-shell';
import { createRootStore, StoreProvider } from '../../../renderer/src/stores/root-store';
import type { KeychainInfo } from '../../../shared/ipc/channels/credentials';
import { ok } from '../../../shared/result';
import { createFakeApi, sampleAppInfo } from './fake-api';

async function bannerText(keychain: KeychainInfo, platform: string): Promise<string> {
  const api = createFakeApi();
  vi.mocked(api['app:info']).mockResolvedValue(ok({ ...sampleAppInfo, platform }));
  vi.mocked(api['credentials:keychain']).mockResolvedValue(ok(keychain));
  const store = createRootStore({ api });
  render(
    <StoreProvider store={store}>
      <AppShell />
    </StoreProvider>,
  );
  const banner = await screen.findByText(/^Session-only/);
  await vi.waitFor(() => expect(store.getState().appInfo.status).toBe('ready'));
  return banner.parentElement?.textContent ?? '';
}

const unavailable: KeychainInfo = {
  state: 'unavailable',
  reason: 'The name org.freedesktop.secrets was not provided by any .service files',
  advice: 'Start a Secret Service in your session…',
  persistent: false,
};

afterEach(() => {
  cleanup();
});

describe('the session-only banner', () => {
  it('on Linux without a keyring running: start the desktop keyring and restart', async () => {
    const text = await bannerText(unavailable, 'linux');
    expect(text).toContain('Session-only: the keychain is unavailable.');
    expect(text).toContain("Start your desktop's keyring (GNOME Keyring or KWallet) and restart Minerdeck.");
  });

  it('with a locked keyring: unlock it and restart', async () => {
    const text = await bannerText({ ...unavailable, state: 'locked' }, 'linux');
    expect(text).toContain('Unlock your login keyring (GNOME Keyring or KWallet) and restart Minerdeck.');
  });

  it('names the keychain of macOS and Windows', async () => {
    expect(await bannerText({ ...unavailable, state: 'locked' }, 'darwin')).toContain(
      'Unlock the login keychain in Keychain Access and restart Minerdeck.',
    );
    cleanup();
    expect(await bannerText(unavailable, 'win32')).toContain(
      'Sign in to Windows again so Credential Manager is available, and restart Minerdeck.',
    );
  });

  it('says nothing when the keychain works', async () => {
    const api = createFakeApi();
    const store = createRootStore({ api });
    render(
      <StoreProvider store={store}>
        <AppShell />
      </StoreProvider>,
    );
    await vi.waitFor(() => expect(store.getState().keychain.status).toBe('ready'));
    expect(screen.queryByText(/Session-only/)).toBeNull();
  });
});
