/**
 * Errors from main in the technician's language (issue 35), through the real inventory channels over a real
 * data folder: with Russian chosen, the Sites view says that the inventory file was corrupt and kept aside,
 * and refuses a site name with an escape character in it, in Russian with the code point and the path in
 * it. The same view in English still says main's own sentences word for word.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inventoryHandlers } from '../../../electron/core/channels/inventory-channels';
import { createInventoryServices } from '../../../electron/core/inventory/inventory-services';
import { createReportService } from '../../../electron/core/report/report-service';
import { SitesView } from '../../../renderer/src/features/sites/sites-view';
import { I18nProvider } from '../../../renderer/src/i18n/i18n-provider';
import { createRootStore, StoreProvider } from '../../../renderer/src/stores/root-store';
import { DEFAULT_SETTINGS } from '../../../shared/domain/settings';
import type { UiLocale } from '../../../shared/i18n/locales';
import { tempDataDir } from '../../support/inventory-fixtures';
import { createFakeApi } from './fake-api';

afterEach(() => cleanup());

/** A window whose sites channels are main's real ones, over a data folder whose inventory file is corrupt. */
function renderSites(locale: UiLocale) {
  const dataDir = tempDataDir('errors-i18n');
  writeFileSync(join(dataDir, 'inventory.json'), '{ not json');
  const app = { name: 'Minerdeck', version: '0.1.0' };
  const inventory = createInventoryServices({ dataDir, laptop: 'ui-laptop', app });
  const report = createReportService({ store: inventory.store, laptop: 'ui-laptop', app });
  const main = inventoryHandlers({ inventory, report });
  const api = createFakeApi();
  vi.mocked(api['sites:list']).mockImplementation(() => main['sites:list']());
  vi.mocked(api['sites:create']).mockImplementation((input) => main['sites:create'](input));
  const store = createRootStore({ api });
  store.setState({
    settings: {
      status: 'ready',
      value: { ...DEFAULT_SETTINGS, language: { ...DEFAULT_SETTINGS.language, app: locale } },
    },
  });
  render(
    <StoreProvider store={store}>
      <I18nProvider preferred={['en-US']}>
        <SitesView />
      </I18nProvider>
    </StoreProvider>,
  );
  return { dataDir };
}

const createSite = (nameLabel: string, create: string, name: string): void => {
  fireEvent.change(screen.getByLabelText(nameLabel), { target: { value: name } });
  fireEvent.click(screen.getByRole('button', { name: create }));
};

describe('errors from main in the window’s language', () => {
  it('in Russian: the corrupt inventory file and a site name with an escape character', async () => {
    const { dataDir } = renderSites('ru');
    const kept = await screen.findByText(/Файл инвентаря нельзя использовать/);
    expect(kept.textContent).toContain(join(dataDir, 'inventory.corrupt-'));
    expect(kept.textContent).toContain('недопустимый JSON');

    createSite('Название объекта', 'Создать и перейти', 'Hall\u001b2');
    const refused = await screen.findByText(/Имя площадки не может содержать/);
    expect(refused.textContent).toBe(
      'Имя площадки не может содержать U+001B (escape) в позиции 5: сохраняется только обычный текст (без управляющих символов).',
    );
  });

  it('in English: main’s sentences, word for word', async () => {
    renderSites('en');
    await screen.findByText(/The inventory file could not be used \(not valid JSON: /);
    createSite('Site name', 'Create and switch to it', 'Hall\u001b2');
    await screen.findByText(
      'A site name cannot hold U+001B (an escape), found at character 5: only plain text is kept (no control characters).',
    );
  });
});
