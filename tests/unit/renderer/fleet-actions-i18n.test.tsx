/**
 * The fleet's action dialogs in the reader's language (issue 35): "Change password…" and "Firmware…"
 * rendered in Russian and in Chinese through the window's I18nProvider — their words from the
 * fleet-actions catalog, a Russian plural that agrees with its number (1 устройство, 3 устройства,
 * 5 устройств), numbers written as the locale writes them (10 000, 64,0 МБ), main's words and errors kept
 * as main sent them or named in the reader's language — and nothing left in English.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FirmwareDialog } from '../../../renderer/src/features/fleet/firmware-dialog';
import { PasswordDialog } from '../../../renderer/src/features/fleet/password-dialog';
import { I18nProvider } from '../../../renderer/src/i18n/i18n-provider';
import { createRootStore, StoreProvider } from '../../../renderer/src/stores/root-store';
import type { WritePlanEntry } from '../../../shared/domain/commission';
import type { FirmwarePlan } from '../../../shared/domain/firmware';
import ruErrors from '../../../shared/i18n/catalogs/ru/errors.json';
import { err, ok } from '../../../shared/result';
import type { FakeApi } from './fake-api';
import { createFakeApi } from './fake-api';
import { fleetRow, standInForModalDialogs } from './jsdom-stand-ins';

const RU_INTERNAL = (ruErrors as Record<string, string>)['errors.code.INTERNAL']!;
const IDS = ['a', 'b', 'c', 'd', 'e', 'f'].map((c) => `mac:AA:BB:CC:00:00:0${c}`);
const IMAGE = { name: 'fw-s21-1.2.7.bin', bytes: 64 * 1024 * 1024, sha256: 'ab'.repeat(32) };

/** A shared machine renders a first dialog slowly (the catalogs, react-intl): generous, not tight. */
const SLOW = { timeout: 30_000 };

beforeAll(standInForModalDialogs);
afterEach(() => cleanup());

/** One dialog over `selected` devices of a fleet, in the system language `language`. */
function renderIn(language: string, api: FakeApi, dialog: (selected: number) => ReactNode, selected = 5) {
  const store = createRootStore({ api });
  const ids = IDS.slice(0, selected);
  store.setState({
    rows: ids.map((id, i) => fleetRow(id, `10.0.3.${50 + i}`)),
    selection: Object.fromEntries(ids.map((id) => [id, true as const])),
  });
  render(
    <StoreProvider store={store}>
      <I18nProvider preferred={[language]}>{dialog(selected)}</I18nProvider>
    </StoreProvider>,
  );
  return store;
}

const password = (selected: number) => <PasswordDialog count={selected} onClose={() => undefined} />;
const firmware = (selected: number) => <FirmwareDialog count={selected} onClose={() => undefined} />;

/** A preview where the first `changing` devices change and the rest are skipped (main's English detail). */
const passwordPlan = (total: number, changing: number): WritePlanEntry[] =>
  IDS.slice(0, total).map((deviceId, i) => ({
    deviceId,
    address: `http://10.0.3.${50 + i}`,
    send: i < changing,
    detail: i < changing ? 'current password: stored site password' : 'offline: no answer',
  }));

const PLAN: FirmwarePlan = {
  image: IMAGE,
  settings: {
    keepSettings: true,
    canary: 1,
    batch: 2,
    growth: 4,
    maxBatch: 250,
    maxOffline: 10_000,
    deadlineMinutes: 15,
    uploadsInFlight: 5,
    retryFailed: false,
  },
  models: [{ model: 's21-pro', devices: 3, versions: [{ version: '1.2.6', devices: 3 }] }],
  devices: IDS.slice(0, 3).map((deviceId, i) => ({
    deviceId,
    address: `http://10.0.3.${50 + i}`,
    model: 's21-pro',
    from: '1.2.6',
    role: i === 0 ? 'canary' : 'batch',
    step: i === 0 ? 0 : 1,
    detail: 'upload, reboot, verify',
  })),
  steps: [
    { kind: 'canary', name: 'canary', deviceIds: IDS.slice(0, 1) },
    { kind: 'batch', name: 'batch 1 of 1', deviceIds: IDS.slice(1, 3) },
  ],
  uploads: 3,
  batchSizes: [1, 2],
};

describe('Change password… in Russian', SLOW, () => {
  it('says its words in Russian, with plurals that agree with their numbers', async () => {
    const api = createFakeApi();
    vi.mocked(api['commission:password-plan']).mockResolvedValue(ok(passwordPlan(5, 3)));
    renderIn('ru-RU', api, password);
    const dialog = screen.getByRole('dialog', { name: 'Сменить пароль 5 устройств' });
    expect(within(dialog).getByText(/связке ключей этого ноутбука/)).toBeTruthy();
    expect(within(dialog).getByLabelText('Новый пароль')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Сгенерировать надёжный' })).toBeTruthy();
    // A rule's sentence from shared/domain, said in Russian.
    fireEvent.change(within(dialog).getByLabelText('Новый пароль'), { target: { value: 'short1' } });
    fireEvent.change(within(dialog).getByLabelText('Новый пароль ещё раз'), { target: { value: 'short1' } });
    expect(within(dialog).getByRole('alert').textContent).toBe('Не менее 8 символов.');
    fireEvent.change(within(dialog).getByLabelText('Новый пароль'), { target: { value: 'Long-enough-1' } });
    fireEvent.change(within(dialog).getByLabelText('Новый пароль ещё раз'), {
      target: { value: 'Long-enough-1' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Далее: предпросмотр' }));
    const summary = await within(dialog).findByText(/изменятся/);
    // 3 → "few", 2 → "few", 5 → "many": the one/few/many forms of the catalog.
    expect(summary.closest('p')?.textContent).toBe(
      '3 устройства изменятся, 2 устройства пропущены (пароль остаётся прежним).',
    );
    expect(within(dialog).getByRole('table', { name: 'Предпросмотр смены пароля' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Сменить 3 пароля' })).toBeTruthy();
    expect(within(dialog).getAllByText('Пропущено')).toHaveLength(2);
  });

  it('one device: the singular form', () => {
    renderIn('ru', createFakeApi(), password, 1);
    expect(screen.getByRole('dialog', { name: 'Сменить пароль 1 устройства' })).toBeTruthy();
  });

  it("names main's error by its code in Russian when main gave no words of its own", async () => {
    const api = createFakeApi();
    vi.mocked(api['commission:password-generate']).mockResolvedValue(err('INTERNAL', 'The generator broke.'));
    renderIn('ru', api, password);
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сгенерировать надёжный' }));
    await waitFor(() => expect(dialog.textContent).toContain(RU_INTERNAL));
    expect(dialog.textContent).not.toContain('The generator broke.');
  });
});

describe('Change password… in Chinese', SLOW, () => {
  it('says its words in Chinese', async () => {
    const api = createFakeApi();
    vi.mocked(api['commission:password-plan']).mockResolvedValue(ok(passwordPlan(4, 4)));
    renderIn('zh-CN', api, password, 4);
    const dialog = screen.getByRole('dialog', { name: '更改 4 台设备的密码' });
    expect(within(dialog).getByText('作为矿场密码')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('新密码'), { target: { value: 'Long-enough-1' } });
    fireEvent.change(within(dialog).getByLabelText('再次输入新密码'), { target: { value: 'Long-enough-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '下一步：预览' }));
    expect(await within(dialog).findByRole('button', { name: '更改 4 个密码' })).toBeTruthy();
    expect(within(dialog).getByText('4 台设备将更改')).toBeTruthy();
  });
});

describe('Firmware… in Russian', SLOW, () => {
  it('writes numbers as Russian does, and plans in Russian', async () => {
    const api = createFakeApi();
    vi.mocked(api['firmware:run']).mockResolvedValue(ok(null));
    vi.mocked(api['firmware:choose-image']).mockResolvedValue(ok({ image: IMAGE }));
    vi.mocked(api['firmware:plan']).mockResolvedValue(ok({ planId: 'plan-1', plan: PLAN }));
    renderIn('ru', api, firmware, 3);
    const dialog = screen.getByRole('dialog', { name: 'Прошивка 3 устройств' });
    // The limit in a problem: 10 000 with the Russian group separator (a no-break space).
    fireEvent.change(within(dialog).getByLabelText('Канарейка (устройств)'), { target: { value: '0' } });
    const problem = dialog.querySelector('p.field-error')?.textContent ?? '';
    expect(problem).toMatch(/^Канарейка — целое число от 1 до 10[\u00a0\u202f]000\.$/);
    fireEvent.change(within(dialog).getByLabelText('Канарейка (устройств)'), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Далее: план' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Сначала выберите образ прошивки.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Выбрать образ…' }));
    // 64 MB with a decimal comma.
    await within(dialog).findByText('fw-s21-1.2.7.bin (64,0 МБ, sha256 abababababab…)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Далее: план' }));
    await within(dialog).findByRole('table', { name: 'План обновления прошивки' });
    expect(within(dialog).getByRole('list', { name: 'Версии сейчас по моделям' }).textContent).toBe(
      's21-pro: 1.2.6 на 3 устройствах',
    );
    expect(
      within(dialog).getByText(
        /^К обновлению: 3 устройства — канарейка 1, затем 2 · не более 10\s000 офлайн/,
      ),
    ).toBeTruthy();
    const steps = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.querySelectorAll('td')[3]?.textContent);
    expect(steps).toEqual(['Канарейка', 'партия 1 из 1', 'партия 1 из 1']);
    expect(within(dialog).getByRole('button', { name: 'Начать: обновить 3 устройства' })).toBeTruthy();
  });
});

describe('Firmware… in Chinese', SLOW, () => {
  it('says its words in Chinese', async () => {
    const api = createFakeApi();
    vi.mocked(api['firmware:run']).mockResolvedValue(ok(null));
    renderIn('zh-Hans', api, firmware, 4);
    const dialog = screen.getByRole('dialog', { name: '4 台设备的固件' });
    expect(within(dialog).getByText('尚未选择镜像。')).toBeTruthy();
    expect(within(dialog).getByLabelText('第一批')).toBeTruthy();
    expect(within(dialog).getByText('升级时保留每台设备的设置（矿池、密码）')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '取消' })).toBeTruthy();
    expect(dialog.textContent).not.toMatch(/Choose|Cancel|batch/);
  });
});
