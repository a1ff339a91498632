/**
 * Errors from main in the technician's language (issue 35): with Russian chosen, the Sites view refuses a
 * site name with an escape character in it and a subnet that is no subnet, in Russian with the code point
 * and the subnet in it — the refusals made by the core's own site rules (electron/core/inventory/sites.ts)
 * over an inventory in memory. The same view in English still says main's own sentences word for word.
 * (The corrupt inventory file's words: tests/unit/core/errors/error-makers-text.test.ts, through the store.)
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyInventory } from '../../../electron/core/inventory/schema';
import { createSite } from '../../../electron/core/inventory/sites';
import { SitesView } from '../../../renderer/src/features/sites/sites-view';
import { I18nProvider } from '../../../renderer/src/i18n/i18n-provider';
import { createRootStore, StoreProvider } from '../../../renderer/src/stores/root-store';
import { DEFAULT_SETTINGS } from '../../../shared/domain/settings';
import type { UiLocale } from '../../../shared/i18n/locales';
import { ok } from '../../../shared/result';
import { createFakeApi } from './fake-api';

afterEach(() => cleanup());

const RU_NAME = 'Название площадки';
const RU_SUBNETS = 'Подсети (необязательно)';
const RU_CREATE = 'Создать и перейти';

/** A window whose site creation answers with the core's own rules over an inventory in memory. */
function renderSites(locale: UiLocale): void {
  const inventory = emptyInventory();
  const api = createFakeApi();
  vi.mocked(api['sites:list']).mockResolvedValue(ok({ sites: [], currentSiteId: null, problems: [] }));
  vi.mocked(api['sites:create']).mockImplementation(async (input) => {
    const made = createSite(inventory, input, new Date('2026-11-29T08:00:00Z'));
    return made.ok ? ok({ ...made.value, deviceCount: 0, current: true }) : made;
  });
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
}

/** Types a site name and subnets in the form and presses its button, by their words in the window. */
const typeSite = (labels: [string, string, string], name: string, subnets = ''): void => {
  fireEvent.change(screen.getByLabelText(labels[0]), { target: { value: name } });
  fireEvent.change(screen.getByLabelText(labels[1]), { target: { value: subnets } });
  fireEvent.click(screen.getByRole('button', { name: labels[2] }));
};

describe('errors from main in the window’s language', () => {
  it('in Russian: a site name with an escape character, a subnet that is none', async () => {
    renderSites('ru');
    const labels: [string, string, string] = [RU_NAME, RU_SUBNETS, RU_CREATE];
    typeSite(labels, 'Hall\u001b2');
    const refused = await screen.findByText(/Имя площадки не может содержать/);
    expect(refused.textContent).toBe(
      'Имя площадки не может содержать U+001B (escape) в позиции 5: сохраняется только обычный текст (без управляющих символов).',
    );
    typeSite(labels, 'Hall 2', '10.0.0.0/99');
    expect((await screen.findByText(/Подсеть «10\.0\.0\.0\/99»/)).textContent).not.toMatch(/^Subnet/);
  });

  it('in English: main’s sentences, word for word', async () => {
    renderSites('en');
    typeSite(['Site name', 'Subnets (optional)', 'Create and switch to it'], 'Hall\u001b2');
    await screen.findByText(
      'A site name cannot hold U+001B (an escape), found at character 5: only plain text is kept (no control characters).',
    );
  });
});
