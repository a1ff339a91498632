/**
 * The fleet's bulk-action line follows the language of the moment (issue 35): the store keeps the line as a
 * message, not as words, so switching Settings → Language re-words a finished action's sentence ("Mining
 * restarted on 10 of 12 devices; 2 failed."), a running action's step, and a row's Commission outcome at
 * once — nothing said in the language it happened to be worded in first.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BulkStatus } from '../../../renderer/src/features/fleet/bulk-status';
import { OutcomeCell } from '../../../renderer/src/features/fleet/fleet-cells';
import { I18nProvider } from '../../../renderer/src/i18n/i18n-provider';
import { createRootStore, StoreProvider, useRootStore } from '../../../renderer/src/stores/root-store';
import type { RootStore } from '../../../renderer/src/stores/root-store';
import { commissionOutcome } from '../../../renderer/src/stores/standard-slice';
import type { WriteResult } from '../../../shared/domain/commission';
import { DEFAULT_SETTINGS } from '../../../shared/domain/settings';
import type { LanguageChoice } from '../../../shared/i18n/locales';
import { ok } from '../../../shared/result';
import { createFakeApi } from './fake-api';

/** A shared machine renders the first view slowly (the catalogs, react-intl): generous, not tight. */
const SLOW = { timeout: 30_000 };
const IDS = Array.from({ length: 12 }, (_, i) => `mac:AA:BB:CC:00:00:${String(i).padStart(2, '0')}`);

let store: RootStore | undefined;
afterEach(() => {
  cleanup();
  store?.detach();
});

/** The app's language as Settings → Language sets it (the provider reads the store). */
function speak(app: LanguageChoice): void {
  act(() => {
    const settings = store!.getState().settings;
    const value = settings.status === 'ready' ? settings.value : DEFAULT_SETTINGS;
    store!.setState({
      settings: { status: 'ready', value: { ...value, language: { ...value.language, app } } },
    });
  });
}

/** The outcome of the first row, as the fleet's Last action column shows it. */
function FirstOutcome(): React.ReactNode {
  return <OutcomeCell outcome={useRootStore((s) => s.outcomes[IDS[0]!])} />;
}

function renderLine(api: ReturnType<typeof createFakeApi>): void {
  store = createRootStore({ api });
  render(
    <StoreProvider store={store}>
      <I18nProvider preferred={['en-US']}>
        <BulkStatus />
        <FirstOutcome />
      </I18nProvider>
    </StoreProvider>,
  );
  speak('en');
}

describe('the bulk line in the language of the moment', SLOW, () => {
  it('re-words a finished restart, and its running step, when the language changes', async () => {
    const api = createFakeApi();
    let answer: (() => void) | undefined;
    const results: WriteResult[] = IDS.map((deviceId, i) => ({
      deviceId,
      address: `http://10.0.0.${i + 1}`,
      outcome: i < 10 ? 'done' : 'failed',
      message: i < 10 ? 'mining restarted' : 'no answer',
    }));
    vi.mocked(api['commission:restart-mining']).mockImplementation(
      () =>
        new Promise((resolve) => {
          answer = () => resolve(ok({ results, summary: 'mining restarted on 10 of 12 devices; 2 failed' }));
        }),
    );
    renderLine(api);

    const asked = store!.getState().powerRequested('restart-mining', IDS);
    expect((await screen.findByRole('status')).textContent).toContain('Restarting mining');
    speak('ru');
    expect(screen.getByRole('status').textContent).toContain('Перезапуск майнинга');

    speak('en');
    await act(async () => {
      answer!();
      await asked;
    });
    expect(screen.getByText('Mining restarted on 10 of 12 devices; 2 failed.')).toBeTruthy();
    speak('ru');
    expect(screen.getByText('Майнинг перезапущен на 10 из 12 устройств; с ошибкой: 2.')).toBeTruthy();
    speak('zh-Hans');
    expect(screen.getByText('挖矿已重启：10 / 12 台设备；2 台失败。')).toBeTruthy();
    speak('es');
    expect(screen.getByText('Minería reiniciada en 10 de 12 dispositivos; 2 fallaron.')).toBeTruthy();
  });

  it("re-words a row's Commission outcome the store kept", () => {
    renderLine(createFakeApi());
    const outcome = commissionOutcome({
      deviceId: IDS[0]!,
      address: 'http://10.0.0.1',
      outcome: 'unchanged',
      steps: [],
      message: '',
    });
    act(() => store!.setState({ outcomes: { [IDS[0]!]: outcome! } }));
    const english = screen.getByText(outcome!.message).textContent;
    speak('ru');
    expect(screen.queryByText(english!)).toBeNull();
    expect(document.querySelector('.outcome')?.textContent).toMatch(/[а-яё]/i);
  });
});
