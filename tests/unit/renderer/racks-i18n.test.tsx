/**
 * The Racks view and Scan to place in Russian and Spanish (issue 35): the legend's looks, the map's area
 * and rack counts (a Russian plural: 5 стоек, 2 стойки), a slot's words, and the scan dialog's cues —
 * a device waiting for its slot, "this slot holds 10.0.0.41 — move it here?", placed, already there and a
 * label that is nothing of the site — each in the window's language, the slot names and addresses as
 * they are (data, never translated).
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ScanDialog } from '../../../renderer/src/features/placing/scan-dialog';
import { mapCells } from '../../../renderer/src/features/racks/rack-cells';
import { lookCounts, RackLegend } from '../../../renderer/src/features/racks/rack-legend';
import { RackMap } from '../../../renderer/src/features/racks/rack-map';
import { I18nProvider } from '../../../renderer/src/i18n/i18n-provider';
import { createRootStore, StoreProvider } from '../../../renderer/src/stores/root-store';
import type { LabelMatch, PlacePreviewItem, SiteLayout } from '../../../shared/domain/layout';
import type { LayoutView } from '../../../shared/ipc/channels/layout';
import { ok } from '../../../shared/result';
import { createFakeApi } from './fake-api';
import type { FakeApi } from './fake-api';
import { fleetRow, standInForModalDialogs } from './jsdom-stand-ins';

const NOW = '2026-11-29T04:00:00.000Z';

/** Area C2 with five racks (a Russian "many": 5 стоек), area C3 with two (a "few": 2 стойки). */
const LAYOUT: SiteLayout = {
  siteId: 'site-1',
  slotPattern: '{area}-{rack}-S{shelf}-P{position}',
  areas: ['C2', 'C3'],
  racks: [
    ...[1, 2, 3, 4, 5].map((n) => ({ id: `c2-${n}`, area: 'C2', name: `R0${n}`, shelves: 1, positions: 2 })),
    ...[1, 2].map((n) => ({ id: `c3-${n}`, area: 'C3', name: `R1${n}`, shelves: 1, positions: 2 })),
  ],
  placements: [{ rackId: 'c2-1', shelf: 1, position: 1, deviceId: 'd1', placedAt: NOW }],
  notes: [],
  updatedAt: NOW,
};
const VIEW: LayoutView = { siteName: 'Hall 7', unplaced: ['d2'], layout: LAYOUT };

function renderIn(language: string, api: FakeApi, ui: ReactNode): void {
  const store = createRootStore({ api, checkDelayMs: 0, redrawMs: 0 });
  store.setState({ rows: [fleetRow('d1', '10.0.0.41'), fleetRow('d2', '10.0.0.42')] });
  render(
    <StoreProvider store={store}>
      <I18nProvider preferred={[language]}>{ui}</I18nProvider>
    </StoreProvider>,
  );
}

function renderMap(language: string): void {
  const areas = mapCells({
    layout: LAYOUT,
    rows: [],
    shown: [],
    place: '',
    drift: {},
    verdicts: {},
    phases: {},
  });
  renderIn(
    language,
    createFakeApi(),
    <>
      <RackLegend counts={lookCounts(areas)} />
      <RackMap view={VIEW} areas={areas} onEdit={() => undefined} />
    </>,
  );
}

const legendItem = (look: string): string =>
  document.querySelector(`[data-legend="${look}"]`)?.textContent ?? '';

beforeAll(standInForModalDialogs);
afterEach(cleanup);

describe('the rack map in another language', () => {
  it('says the legend, the areas and their racks in Russian, with its plurals', () => {
    renderMap('ru-RU');
    expect(screen.getByRole('list', { name: 'Легенда' })).toBeTruthy();
    expect(legendItem('empty')).toBe('Пустой слот 13');
    expect(legendItem('offline')).toBe('✕Не в сети 0');
    expect(screen.getByRole('region', { name: 'Карта размещения по стойкам' })).toBeTruthy();
    const c2 = screen.getByRole('region', { name: 'Зона C2' });
    expect(c2.querySelector('.rack-area-count')?.textContent).toBe('5 стоек');
    const c3 = screen.getByRole('region', { name: 'Зона C3' });
    expect(c3.querySelector('.rack-area-count')?.textContent).toBe('2 стойки');
    // The slot's name is data: the same in every language; the words after it are Russian.
    expect(screen.getByRole('button', { name: 'C2-R02-S1-P2: Пустой слот' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Изменить стойку R01' })).toBeTruthy();
  });

  it('says them in Spanish', () => {
    renderMap('es-ES');
    expect(screen.getByRole('list', { name: 'Leyenda' })).toBeTruthy();
    expect(legendItem('empty')).toBe('Ranura vacía 13');
    expect(
      screen.getByRole('region', { name: 'Zona C3' }).querySelector('.rack-area-count')?.textContent,
    ).toBe('2 racks');
    expect(screen.getByRole('button', { name: 'Editar el rack R11' })).toBeTruthy();
  });
});

const SLOT_A = { kind: 'slot', slotRef: { rackId: 'c2-1', shelf: 1, position: 1 }, slotName: 'C2-R01-S1-P1' };
const SLOT_B = { kind: 'slot', slotRef: { rackId: 'c2-1', shelf: 1, position: 2 }, slotName: 'C2-R01-S1-P2' };

/** main's answers: SN42 is 10.0.0.42 (in no slot), SN41 is 10.0.0.41 (in C2-R01-S1-P1), slots A and B. */
function scanApi(): FakeApi {
  const api = createFakeApi();
  const matches: Record<string, LabelMatch> = {
    SN42: { kind: 'device', deviceId: 'd2', address: '10.0.0.42' },
    SN41: { kind: 'device', deviceId: 'd1', address: '10.0.0.41', slotName: 'C2-R01-S1-P1' },
    A: SLOT_A as LabelMatch,
    B: SLOT_B as LabelMatch,
  };
  api['layout:get'] = vi.fn(async () => ok(VIEW));
  api['layout:match-label'] = vi.fn(async ({ label }: { label: string }) =>
    ok(matches[label] ?? { kind: 'unknown' as const }),
  );
  api['layout:place-preview'] = vi.fn(async ({ items }) => {
    const item = items[0]!;
    const base = { index: 0, device: item.device, slot: 'x', message: 'main words' };
    const taken = 'position' in item.slot && item.slot.position === 1;
    const preview: PlacePreviewItem =
      item.device === 'd1' && taken
        ? { ...base, outcome: 'already-there' }
        : taken
          ? { ...base, outcome: 'occupied', occupant: { deviceId: 'd1', address: '10.0.0.41' } }
          : { ...base, outcome: 'place' };
    return ok([preview]);
  });
  api['layout:place'] = vi.fn(async ({ items }) =>
    ok({
      summary: 'placed 1',
      results: [
        {
          index: 0,
          device: items[0]!.device,
          slot: 'x',
          outcome: 'place' as const,
          message: 'placed',
          placed: true,
          note: 'written' as const,
        },
      ],
    }),
  );
  return api;
}

async function scan(label: string): Promise<string> {
  const field = screen.getByRole('textbox');
  fireEvent.change(field, { target: { value: label } });
  await act(async () => {
    fireEvent.keyDown(field, { key: 'Enter' });
  });
  return screen.getByRole('status').textContent ?? '';
}

describe('the scan dialog’s cues in another language', () => {
  it('says each cue in Russian: waiting, taken slot asked, placed, already there, unknown label', async () => {
    const api = scanApi();
    renderIn('ru', api, <ScanDialog onClose={() => undefined} api={api} />);
    expect(await screen.findByText('Можно начинать: отсканируйте коробку, затем её слот.')).toBeTruthy();
    expect(screen.getByText('Отсканируйте этикетку устройства (серийный номер или MAC)')).toBeTruthy();
    expect(await scan('SN42')).toBe('10.0.0.42, пока ни в одном слоте: отсканируйте его слот');
    expect(await scan('A')).toBe(
      'В C2-R01-S1-P1 стоит 10.0.0.41 — переместить сюда 10.0.0.42? (Enter/Y да, Esc/N нет)',
    );
    expect(screen.getByText('Enter или Y: переместить сюда · Esc или N: пропустить')).toBeTruthy();
    const field = screen.getByRole('textbox');
    await act(async () => {
      fireEvent.keyDown(field, { key: 'y' });
    });
    expect(screen.getByRole('status').textContent).toBe('10.0.0.42 размещено в C2-R01-S1-P1');
    expect(screen.getByRole('list', { name: 'Размещено за этот сеанс' }).textContent).toBe(
      '10.0.0.42 → C2-R01-S1-P1',
    );
    await scan('SN41');
    expect(await scan('A')).toBe('10.0.0.41 уже в C2-R01-S1-P1');
    expect(await scan('XX-9')).toBe('«XX-9» — не устройство и не слот этой площадки');
    expect(await scan('B')).toBe('C2-R01-S1-P2 — это слот: сначала отсканируйте этикетку устройства');
  });

  it('says them in Spanish', async () => {
    const api = scanApi();
    renderIn('es', api, <ScanDialog onClose={() => undefined} api={api} />);
    expect(await screen.findByText('Listo: escanee una caja y luego su ranura.')).toBeTruthy();
    expect(await scan('SN42')).toBe('10.0.0.42, aún sin ranura: escanee su ranura');
    expect(await scan('A')).toBe(
      'C2-R01-S1-P1 tiene 10.0.0.41 — ¿mover 10.0.0.42 aquí? (Enter/Y sí, Esc/N no)',
    );
    await act(async () => {
      fireEvent.keyDown(screen.getByRole('textbox'), { key: 'y' });
    });
    expect(screen.getByRole('status').textContent).toBe('10.0.0.42 ubicado en C2-R01-S1-P1');
    expect(await scan('XX-9')).toBe('«XX-9» no es ningún dispositivo ni ranura de este sitio');
    expect(screen.getByRole('button', { name: 'Hecho' })).toBeTruthy();
  });
});
