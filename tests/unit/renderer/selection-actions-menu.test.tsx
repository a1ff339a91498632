/**
 * The fleet's selection actions as one "Commission…" button and one Actions menu, against the fake
 * window.api (issue 26): the menu's entries in the order a site is set up, none choosable without a
 * selection, those that keep secrets off without a keychain (and saying why), Forget… asking what to
 * forget, Remove… asking first; and the Columns menu hiding a column at once and keeping the choice in
 * the settings, or saying why it could not.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BulkBar } from '../../../renderer/src/features/fleet/bulk-bar';
import { FleetTable } from '../../../renderer/src/features/fleet/fleet-table';
import { FleetToolbar } from '../../../renderer/src/features/fleet/fleet-toolbar';
import type { FleetRow } from '../../../renderer/src/stores/fleet-rows';
import { createRootStore, StoreProvider } from '../../../renderer/src/stores/root-store';
import type { RootStore } from '../../../renderer/src/stores/root-store';
import type { AppSettings } from '../../../shared/domain/settings';
import { DEFAULT_SETTINGS } from '../../../shared/domain/settings';
import { err, ok } from '../../../shared/result';
import type { FakeApi } from './fake-api';
import { createFakeApi } from './fake-api';
import { chooseAction } from './fleet-actions';
import { fleetRow, keepFormsInPage, standInForModalDialogs } from './jsdom-stand-ins';

const ids = ['mac:AA:BB:CC:00:00:01', 'mac:AA:BB:CC:00:00:02', 'mac:AA:BB:CC:00:00:03'];

const rowOf = (id: string, i: number): FleetRow => fleetRow(id, `10.0.3.${50 + i}`);

beforeAll(() => {
  keepFormsInPage();
  standInForModalDialogs();
});

afterEach(() => cleanup());

function renderFleet(
  api: FakeApi,
  options: { selected?: readonly string[]; persistent?: boolean } = {},
): RootStore {
  const store = createRootStore({ api });
  store.setState({
    rows: ids.map(rowOf),
    selection: Object.fromEntries((options.selected ?? ids).map((id) => [id, true as const])),
    settings: { status: 'ready', value: DEFAULT_SETTINGS },
    keychain: {
      status: 'ready',
      value: { state: 'available', advice: '', persistent: options.persistent ?? true },
    },
  });
  render(
    <StoreProvider store={store}>
      <FleetToolbar />
      <BulkBar />
      <FleetTable />
    </StoreProvider>,
  );
  return store;
}

const openActions = (): HTMLElement => {
  fireEvent.keyDown(screen.getByRole('button', { name: 'Actions' }), { key: 'Enter' });
  return screen.getByRole('menu', { name: 'Actions' });
};

describe("the selection's actions", () => {
  it('one primary "Commission…" and one Actions menu, in the order a site is set up', () => {
    renderFleet(createFakeApi());
    const commission = screen.getByRole('button', { name: 'Commission…' }) as HTMLButtonElement;
    expect(commission.disabled).toBe(false);
    expect(commission.title).toBe(
      "Bring the selected devices to the site's standard: a preview first, then one confirmation",
    );
    const labels = within(openActions())
      .getAllByRole('menuitem')
      .map((item) => item.textContent?.replace('▸', '') ?? '');
    // The entries in its order; entries other work adds (Firmware…) may sit between them.
    const named = [
      'Unlock…',
      'API keys',
      'Password…',
      'Pools…',
      'Power…',
      'Blink LED',
      'Restart…',
      'Reboot…',
      'Acceptance…',
      'Re-scan',
      'Forget…',
      'Remove…',
    ];
    expect(labels.filter((label) => named.includes(label))).toEqual(named);
  });

  it('cannot be opened with nothing selected, and says why', () => {
    renderFleet(createFakeApi(), { selected: [] });
    const actions = screen.getByRole('button', { name: 'Actions' }) as HTMLButtonElement;
    expect(actions.disabled).toBe(true);
    expect(actions.title).toBe('Select devices to act on them');
  });

  it('without a keychain, API keys and Password… cannot be chosen, and say why', () => {
    const api = createFakeApi();
    renderFleet(api, { persistent: false });
    const menu = openActions();
    for (const label of ['API keys', 'Password…']) {
      const item = within(menu).getByRole('menuitem', { name: label });
      expect(item.getAttribute('aria-disabled')).toBe('true');
      expect(item.title).toBe('Needs a working keychain (see Settings)');
      fireEvent.click(item);
    }
    expect(api['credentials:provision']).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Unlock…' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('Forget… asks what to forget, and forgets only that', async () => {
    const api = createFakeApi();
    vi.mocked(api['credentials:forget']).mockResolvedValue(ok({ outcomes: [] }));
    renderFleet(api);
    chooseAction('Forget…');
    const dialog = screen.getByRole('dialog', { name: 'Forget stored credentials?' });
    expect(within(dialog).getByText(/What is stored on this laptop for 3 devices is deleted/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('What to forget'), { target: { value: 'password' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Forget' }));
    });
    expect(api['credentials:forget']).toHaveBeenCalledWith({ deviceIds: ids, what: 'password' });
  });

  it('Remove… asks first; Cancel removes nothing', async () => {
    const api = createFakeApi();
    renderFleet(api);
    chooseAction('Remove…');
    const dialog = screen.getByRole('dialog', { name: 'Remove from the fleet?' });
    expect(dialog.textContent).toMatch(/3 devices will no longer be watched/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api['monitor:remove']).not.toHaveBeenCalled();
  });
});

describe('the Columns menu', () => {
  const headers = (): string[] =>
    screen.getAllByRole('columnheader').map((h) => (h.textContent ?? '').replace(/[▲▼]/g, '').trim());
  const columnsMenu = (): HTMLElement => {
    fireEvent.keyDown(screen.getByRole('button', { name: 'Columns' }), { key: 'Enter' });
    return screen.getByRole('menu', { name: 'Columns' });
  };

  it('hides a column at once and keeps the choice in the settings', async () => {
    const api = createFakeApi();
    const saved: AppSettings = { ...DEFAULT_SETTINGS, fleetView: { hiddenColumns: ['fans'] } };
    vi.mocked(api['settings:update']).mockResolvedValue(ok(saved));
    renderFleet(api);
    expect(headers()).toContain('Fans');
    const fans = within(columnsMenu()).getByRole('menuitemcheckbox', { name: 'Fans' });
    expect(fans.getAttribute('aria-checked')).toBe('true');
    await act(async () => {
      fireEvent.click(fans);
    });
    expect(api['settings:update']).toHaveBeenCalledWith({ fleetView: { hiddenColumns: ['fans'] } });
    expect(headers()).not.toContain('Fans');
    expect(headers()).toEqual([
      '',
      'Device',
      'Model',
      'State',
      'Hash rate',
      'Chip',
      'Standard',
      'Power',
      'Stored',
      'Alerts',
      'Last action',
    ]);
  });

  it('says why a choice was not kept, and shows it in this window all the same', async () => {
    const api = createFakeApi();
    vi.mocked(api['settings:update']).mockResolvedValue(
      err('INTERNAL', 'The settings could not be saved: disk full.'),
    );
    renderFleet(api);
    const power = within(columnsMenu()).getByRole('menuitemcheckbox', { name: 'Power' });
    await act(async () => {
      fireEvent.click(power);
    });
    expect(headers()).not.toContain('Power');
    expect(screen.getByRole('alert').textContent).toBe(
      'The column choice was not kept: The settings could not be saved: disk full.',
    );
  });
});
