/**
 * Walk the hall and the site-map CSV dialog against the fake window.api: the walk blinks the LED of the
 * next unplaced device, turns it off once that device is placed (a click on its slot) and blinks the next,
 * Skip goes on, Stop turns the blinking LED off; the CSV dialog shows main's preview, refuses to apply while
 * a problem remains, and sends "accept moves" only when ticked.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CsvDialog } from '../../../../renderer/src/features/placing/csv-dialog';
import { WalkDialog } from '../../../../renderer/src/features/placing/walk-dialog';
import { createRootStore, StoreProvider } from '../../../../renderer/src/stores/root-store';
import type { LayoutImportPreview } from '../../../../shared/domain/layout';
import type { LayoutView } from '../../../../shared/ipc/channels/layout';
import { ok } from '../../../../shared/result';
import { createFakeApi } from '../fake-api';
import type { FakeApi } from '../fake-api';
import { fleetRow, standInForModalDialogs } from '../jsdom-stand-ins';

const NOW = '2026-11-29T04:00:00.000Z';
const RACK = { id: 'rack-1', area: 'C2', name: 'R07', shelves: 1, positions: 2 };

const view = (unplaced: string[]): LayoutView => ({
  siteName: 'Hall 7',
  unplaced,
  layout: {
    siteId: 'site-1',
    slotPattern: '{area}-{rack}-S{shelf}-P{position}',
    areas: ['C2'],
    racks: [RACK],
    placements: [],
    notes: [],
    updatedAt: NOW,
  },
});

function renderWith(api: FakeApi, ui: React.ReactElement): void {
  const store = createRootStore({ api, checkDelayMs: 0, redrawMs: 0 });
  store.setState({ rows: [fleetRow('d1', '10.0.0.41'), fleetRow('d2', '10.0.0.42')] });
  render(<StoreProvider store={store}>{ui}</StoreProvider>);
}

const locateCalls = (api: FakeApi): { deviceIds: string[]; on: boolean }[] =>
  vi
    .mocked(api['commission:locate'])
    .mock.calls.map(([input]) => ({ deviceIds: input.deviceIds, on: input.on }));

beforeAll(standInForModalDialogs);
afterEach(cleanup);

describe('Walk the hall', () => {
  it('blinks the next unplaced device, turns its LED off once placed, skips, and stops with the LED off', async () => {
    const api = createFakeApi();
    api['layout:get'] = vi.fn(async () => ok(view(['d1', 'd2'])));
    api['commission:locate'] = vi.fn(async () =>
      ok({ results: [], summary: 'LED blinking on 1 of 1 device' }),
    );
    api['layout:place-preview'] = vi.fn(async () =>
      ok([{ index: 0, device: 'd1', slot: 'C2-R07-S1-P1', outcome: 'place' as const, message: 'to place' }]),
    );
    api['layout:place'] = vi.fn(async () =>
      ok({
        summary: 'placed 1',
        results: [
          {
            index: 0,
            device: 'd1',
            slot: 'C2-R07-S1-P1',
            outcome: 'place' as const,
            message: 'placed',
            placed: true,
            note: 'written' as const,
          },
        ],
      }),
    );
    const onClose = vi.fn();
    renderWith(api, <WalkDialog api={api} onClose={onClose} />);

    await screen.findByText(/Find the blinking LED of 10\.0\.0\.41/);
    await waitFor(() => expect(locateCalls(api)).toEqual([{ deviceIds: ['d1'], on: true }]));

    fireEvent.click(screen.getByRole('button', { name: 'C2-R07-S1-P1: empty' }));
    await screen.findByText(/Find the blinking LED of 10\.0\.0\.42/);
    expect(api['layout:place']).toHaveBeenCalledWith({
      items: [{ device: 'd1', slot: { rackId: 'rack-1', shelf: 1, position: 1 } }],
      acceptMoves: false,
    });
    await waitFor(() =>
      expect(locateCalls(api)).toEqual([
        { deviceIds: ['d1'], on: true },
        { deviceIds: ['d1'], on: false },
        { deviceIds: ['d2'], on: true },
      ]),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Skip this one' }));
    await screen.findByText(/No device left to look for \(2 unplaced when the walk began\)/);
    await waitFor(() => expect(locateCalls(api).at(-1)).toEqual({ deviceIds: ['d2'], on: false }));

    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(onClose).toHaveBeenCalled();
  });
});

const preview = (patch: Partial<LayoutImportPreview>): LayoutImportPreview => ({
  format: 'minerdeck-slots',
  formatName: "Minerdeck's slot CSV",
  racksAdded: [],
  racksChanged: [],
  placements: [],
  problems: [],
  ...patch,
});

async function chooseCsv(text: string): Promise<void> {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  // jsdom's File has no text(): the browser's, as sites-and-report.test.tsx stands it in.
  const file = Object.assign(new File([text], 'hall7.csv', { type: 'text/csv' }), { text: async () => text });
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
}

describe('Site map CSV', () => {
  it('shows problems by line and applies nothing while any remains', async () => {
    const api = createFakeApi();
    api['layout:import-preview'] = vi.fn(async () =>
      ok(preview({ problems: [{ line: 3, message: 'shelf 9 is beyond the rack’s 4 shelves' }] })),
    );
    renderWith(api, <CsvDialog api={api} onClose={() => undefined} />);
    await chooseCsv('area,rack,shelf,position,device\nC2,R07,9,1,SN1\n');
    await screen.findByText('Line 3: shelf 9 is beyond the rack’s 4 shelves');
    expect(screen.getByRole('status').textContent).toMatch(
      /1 problem: nothing is applied until the file is fixed/,
    );
    expect(screen.getByRole('button', { name: 'Apply' })).toHaveProperty('disabled', true);
    expect(api['layout:import']).not.toHaveBeenCalled();
  });

  it('sends "accept moves" only when ticked', async () => {
    const api = createFakeApi();
    const csv = 'area,rack,shelf,position,device\nC2,R07,1,1,SN1\nC2,R07,1,2,SN2\n';
    api['layout:import-preview'] = vi.fn(async () =>
      ok(
        preview({
          racksAdded: [RACK],
          placements: [
            {
              index: 0,
              line: 2,
              device: 'SN1',
              slot: 'C2-R07-S1-P1',
              outcome: 'place',
              message: '10.0.0.41 → C2-R07-S1-P1',
            },
            {
              index: 1,
              line: 3,
              device: 'SN2',
              slot: 'C2-R07-S1-P2',
              outcome: 'move',
              message: '10.0.0.42 moves from A-R1-S1-P1',
            },
          ],
        }),
      ),
    );
    api['layout:import'] = vi.fn(async () =>
      ok({ view: view([]), placed: { results: [], summary: 'placed 2 of 2 devices' } }),
    );
    renderWith(api, <CsvDialog api={api} onClose={() => undefined} />);
    await chooseCsv(csv);
    await screen.findByText('Line 3: 10.0.0.42 moves from A-R1-S1-P1');
    expect(screen.getByRole('status').textContent).toMatch(
      /1 rack added, 0 resized; 1 device to place, 1 move to accept/,
    );
    const accept = screen.getByRole('checkbox', { name: /Accept moves/ });
    expect(accept).toHaveProperty('checked', false);
    fireEvent.click(accept);
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('Applied: placed 2 of 2 devices');
    expect(api['layout:import']).toHaveBeenCalledWith({ csv, acceptMoves: true });
  });
});
