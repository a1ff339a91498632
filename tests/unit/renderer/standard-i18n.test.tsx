/**
 * Commission in the technician's language (issue 35): the dialog's preview and its run, rendered inside
 * the window's I18nProvider with Russian and Chinese as the system's language, say the catalog's words —
 * the title with its plural (Russian: "устройства" for 3, "устройств" for 5), the groups, the run's
 * phase and counts, the time left from main's estimate in milliseconds, each step's count — and the
 * numbers in the locale's own separators. Main's own words (the plan's step words) come as main sent them.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTranslator } from '../../../shared/i18n/translate-sync';
import { I18nProvider } from '../../../renderer/src/i18n/i18n-provider';
import { CommissionDialog } from '../../../renderer/src/features/standard/commission-dialog';
import { planGroupLines, standardParts } from '../../../renderer/src/features/standard/drift-words';
import { timeLeftMessage } from '../../../renderer/src/components/run-progress';
import type { FleetRow } from '../../../renderer/src/stores/fleet-rows';
import { createRootStore, StoreProvider } from '../../../renderer/src/stores/root-store';
import type { CommissionPlan, CommissionRun, StandardView } from '../../../shared/domain/standard';
import { ok } from '../../../shared/result';
import { conflictSentence } from '../../../renderer/src/features/sites/conflict-words';
import { importSummary } from '../../../renderer/src/stores/sites-slice';
import { createFakeApi } from './fake-api';
import { fleetRow, standInForModalDialogs } from './jsdom-stand-ins';

const SITE = { id: 'site-1', name: 'Зал 1' };
const IDS = ['mac:AA:00:00:00:00:01', 'mac:AA:00:00:00:00:02', 'mac:AA:00:00:00:00:03'];

const STANDARD: NonNullable<StandardView['standard']> = {
  password: { required: true, stored: true },
  pools: [{ url: 'stratum+tcp://pool.example:3333', worker: 'acct.{mac6}', hasPassword: false }],
  power: { kind: 'max-watts', watts: 3500 },
  updatedAt: '2026-11-26T02:00:00.000Z',
};

const PLAN: CommissionPlan = {
  siteId: SITE.id,
  entries: IDS.map((id, i) => ({
    deviceId: id,
    address: `http://10.0.0.${i + 1}`,
    steps: i < 2 ? [{ kind: 'settings' as const, words: 'set pools' }] : [],
    detail: i < 2 ? '' : 'no change',
  })),
  groups: [
    { count: 2, steps: ['set pools'], detail: '' },
    { count: 1, steps: [], detail: 'no change' },
  ],
};

const RUN: CommissionRun = {
  runId: 'run-1',
  siteId: SITE.id,
  status: 'running',
  phase: 'firmware',
  startedAt: '2026-11-26T02:10:00.000Z',
  counts: { total: 5, done: 1, unchanged: 0, failed: 1, unknown: 0, skipped: 0, open: 3 },
  devices: IDS.map((id, i) => ({
    deviceId: id,
    address: `http://10.0.0.${i + 1}`,
    outcome: 'pending' as const,
    steps: [],
    message: '',
  })),
  progress: {
    done: 2,
    total: 5,
    perStep: [{ step: 'firmware', done: 1200, running: 40, waiting: 760 }],
    leftMs: 38 * 60_000 - 5_000,
    words: 'about 38 min left',
  },
};

beforeAll(standInForModalDialogs);
afterEach(() => cleanup());

/** The dialog in a language; a run going on when it opens is shown (as Commission… shows it again). */
function renderCommission(locale: string, rows: FleetRow[], run: CommissionRun | null = null): void {
  const api = createFakeApi();
  vi.mocked(api['standard:get']).mockResolvedValue(
    ok({ siteId: SITE.id, siteName: SITE.name, standard: STANDARD }),
  );
  vi.mocked(api['standard:plan']).mockResolvedValue(ok(PLAN));
  const store = createRootStore({ api });
  store.setState({
    rows,
    selection: Object.fromEntries(rows.map((r) => [r.id, true as const])),
    commissionRun: run,
  });
  render(
    <StoreProvider store={store}>
      <I18nProvider preferred={[locale]}>
        <CommissionDialog count={rows.length} onClose={() => undefined} />
      </I18nProvider>
    </StoreProvider>,
  );
}

const rows = (): FleetRow[] => IDS.map((id, i) => fleetRow(id, `10.0.0.${i + 1}`, { apiKey: false }));

describe('Commission in Russian', () => {
  it('previews in Russian: the plural of the title and the groups, the standard, main’s step words kept', async () => {
    renderCommission('ru-RU', rows());
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Привести к стандарту: 3 устройства');
    const groups = await within(dialog).findByRole('list', { name: 'Что нужно каждому устройству' });
    expect(groups.textContent).toContain('2 устройства: set pools');
    expect(groups.textContent).toContain('1 устройство: без изменений');
    expect(dialog.textContent).toContain('пароль площадки · 1 пул (stratum+tcp://pool.example:3333, воркер');
    expect(dialog.textContent).toContain('наибольший пресет до 3\u00a0500 Вт');
    expect(within(dialog).getByRole('button', { name: 'Отмена' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Привести к стандарту: 2 устройства' })).toBeTruthy();
  });

  it('runs in Russian: the phase, the counts, the time left and each step’s count with Russian separators', () => {
    renderCommission('ru', [], RUN);
    const dialog = screen.getByRole('dialog');
    // Five devices: the genitive plural "устройств" (one/few/many/other).
    expect(within(dialog).getByRole('heading').textContent).toBe('5 устройств приводятся к стандарту');
    expect(within(dialog).getByRole('status').textContent).toBe('2 из 5 устройств: обновление прошивки…');
    expect(dialog.querySelector('[data-counts]')?.textContent).toBe(
      'По стандарту: 1 · не удалось: 1 · осталось: 3',
    );
    expect(dialog.querySelector('[data-time-left]')?.textContent).toBe('осталось около 38 мин');
    expect(dialog.querySelector('[data-step-count="firmware"]')?.textContent).toBe(
      'Прошивка: готово 1\u00a0200 из 2\u00a0000 · сейчас выполняется: 40',
    );
    expect(within(dialog).getByRole('button', { name: 'Остановить' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Закрыть (продолжит работу)' })).toBeTruthy();
  });
});

describe('Commission in Chinese', () => {
  it('previews and runs in Simplified Chinese', async () => {
    renderCommission('zh-CN', rows());
    const preview = screen.getByRole('dialog');
    expect(within(preview).getByRole('heading').textContent).toBe('使 3 台设备达到标准');
    const groups = await within(preview).findByRole('list', { name: '每台设备需要什么' });
    expect(groups.textContent).toContain('1 台设备：无需更改');
    cleanup();
    renderCommission('zh-Hans-CN', [], { ...RUN, progress: { ...RUN.progress!, leftMs: 70 * 60_000 } });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('正在使 5 台设备达到标准');
    expect(within(dialog).getByRole('status').textContent).toBe('2 / 5 台设备：正在更新固件…');
    expect(dialog.querySelector('[data-time-left]')?.textContent).toBe('剩余约 1 小时 10 分钟');
    expect(dialog.querySelector('[data-step-count="firmware"]')?.textContent).toBe(
      '固件：已完成 1,200 / 2,000 · 40 台进行中',
    );
  });
});

describe('the time left and the standard, without a window', () => {
  it('says the time left in each language, minutes rounded up', () => {
    const ru = createTranslator('ru');
    const es = createTranslator('es');
    const en = createTranslator('en');
    expect(en.t(timeLeftMessage(38 * 60_000 - 1))).toBe('about 38 min left');
    expect(en.t(timeLeftMessage(undefined))).toBe('estimating…');
    expect(ru.t(timeLeftMessage(30_000))).toBe('осталось меньше минуты');
    expect(es.t(timeLeftMessage(120 * 60_000))).toBe('quedan unas 2 h');
  });

  it('words the plan and the standard in the translator it is given', () => {
    const es = createTranslator('es');
    expect(planGroupLines(PLAN, es).map((l) => l.text)).toEqual([
      '2 dispositivos: set pools',
      '1 dispositivo: sin cambios',
    ]);
    expect(standardParts(STANDARD).map((p) => es.t(p))).toEqual([
      'contraseña del sitio',
      '1 pool (stratum+tcp://pool.example:3333, worker acct.{mac6})',
      'el preajuste más alto por debajo de 3500 W',
    ]);
  });
});

describe('the sites’ words in Russian', () => {
  it('says an import and a merge conflict in Russian, with its plurals', () => {
    const ru = createTranslator('ru');
    const site = {
      id: 's',
      name: 'Зал 1',
      current: true,
      deviceCount: 0,
      subnets: [],
      passwordRef: 'site/s/password',
      createdAt: '2026-11-26T00:00:00.000Z',
      updatedAt: '2026-11-26T00:00:00.000Z',
    };
    expect(
      importSummary(
        { kind: 'targets-csv', site, warnings: [], added: 5, updated: 2, unchanged: 0, conflicts: [] },
        ru,
      ),
    ).toBe('В «Зал 1» добавлено запланированных устройств: 5, обновлено известных устройств: 2.');
    expect(
      conflictSentence(
        {
          deviceId: 'mac:AA',
          address: 'http://10.0.0.5',
          field: 'rack',
          local: '10×4',
          incoming: '12×4',
          kept: 'local',
        },
        ru,
      ),
    ).toBe(
      'Стойка http://10.0.0.5 в файле другого размера (здесь 10×4, в файле 12×4). Оставлен больший, чтобы поместилось каждое устройство, размещённое на любом из ноутбуков.',
    );
  });
});
