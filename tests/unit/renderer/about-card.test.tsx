/**
 * Settings → "About Minerdeck" against the fake window.api: the facts main answers, the data folder
 * opened through main (the page names no path), and main's refusal said in its own words.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsView } from '../../../renderer/src/features/settings/settings-view';
import { createRootStore, StoreProvider } from '../../../renderer/src/stores/root-store';
import type { RootStore } from '../../../renderer/src/stores/root-store';
import { err, ok } from '../../../shared/result';
import type { FakeApi } from './fake-api';
import { createFakeApi, sampleAbout } from './fake-api';

let api: FakeApi;
let store: RootStore;

beforeEach(() => {
  api = createFakeApi();
  store = createRootStore({ api, checkDelayMs: 0, redrawMs: 0 });
  render(
    <StoreProvider store={store}>
      <SettingsView />
    </StoreProvider>,
  );
});

afterEach(() => {
  cleanup();
  store.detach();
});

const card = async () => screen.findByRole('region', { name: 'About Minerdeck' });

describe('the About card', () => {
  it('shows the version, the data folder and the keychain main reports', async () => {
    const about = within(await card());
    expect(about.getByText(sampleAbout.version)).toBeTruthy();
    expect(about.getByText(sampleAbout.dataDir)).toBeTruthy();
    expect(about.getByText(sampleAbout.keychain.summary)).toBeTruthy();
  });

  it('asks main to open the data folder, sending no path, and says where it opened', async () => {
    vi.mocked(api['app:open-data-folder']).mockResolvedValue(ok({ path: sampleAbout.dataDir }));
    const about = within(await card());
    fireEvent.click(about.getByRole('button', { name: 'Open data folder' }));
    expect((await about.findByRole('status')).textContent).toBe(
      `Opened ${sampleAbout.dataDir} in the file manager.`,
    );
    expect(vi.mocked(api['app:open-data-folder']).mock.calls).toEqual([[]]);
  });

  it("says main's reason when the folder cannot be opened", async () => {
    vi.mocked(api['app:open-data-folder']).mockResolvedValue(
      err('INTERNAL', 'The folder could not be opened: no file manager.'),
    );
    const about = within(await card());
    fireEvent.click(about.getByRole('button', { name: 'Open data folder' }));
    expect((await about.findByRole('status')).textContent).toBe(
      'The folder could not be opened: no file manager.',
    );
  });
});
