/**
 * Acceptance in the window against the fake window.api: Actions → Acceptance… sets the window and the
 * standard (checked before anything starts), starts a run over the selection, counts down, shows each
 * verdict as it arrives (Accepted, or Failed with its reasons) with a "Failed only" filter, can be
 * cancelled; the fleet rows and the device panel show the Accepted / Failed badges of the kept verdicts.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AcceptanceBadge } from '../../../renderer/src/features/fleet/acceptance-badge';
import { BulkBar } from '../../../renderer/src/features/fleet/bulk-bar';
import { FleetTable } from '../../../renderer/src/features/fleet/fleet-table';
import type { FleetRow } from '../../../renderer/src/stores/fleet-rows';
import type { RootStore } from '../../../renderer/src/stores/root-store';
import { createRootStore, StoreProvider } from '../../../renderer/src/stores/root-store';
import type { AcceptanceVerdict } from '../../../shared/domain/acceptance';
import { defaultCriteria } from '../../../shared/domain/acceptance';
import { DEFAULT_SETTINGS } from '../../../shared/domain/settings';
import type { AcceptanceRun } from '../../../shared/ipc/channels/acceptance';
import { err, ok } from '../../../shared/result';
import type { FakeApi } from './fake-api';
import { createFakeApi } from './fake-api';
import { fleetRow, keepFormsInPage, standInForModalDialogs } from './jsdom-stand-ins';
import { chooseAction } from './fleet-actions';

const ids = ['mac:AA:BB:CC:00:00:01', 'mac:AA:BB:CC:00:00:02'];
const T = '2026-03-01T09:00:00.000Z';

const rowOf = (id: string, i: number): FleetRow => fleetRow(id, `10.0.3.${50 + i}`);

function verdict(i: number, pass: boolean): AcceptanceVerdict {
  return {
    deviceId: ids[i]!,
    address: `http://10.0.3.${50 + i}`,
    verdict: pass ? 'pass' : 'fail',
    reasons: pass ? [] : ['4 chips not hashing (board 2: chips 1, 2, 3 and 4)', 'no fan reported'],
    checks: [{ check: 'fans', pass, words: pass ? '4 fans turning' : 'no fan reported' }],
    evidence: {
      preset: '3200',
      readings: { taken: 31, failed: 0, failures: [] },
      boards: { expected: 3, seen: 3, missing: [], failing: [] },
      deadChips: pass ? [] : [{ board: 2, count: 4, chips: [1, 2, 3, 4] }],
      chipsSeen: 195,
      hashRate: { averageThs: 200, nominalThs: 200, percent: 100, lowestThs: 199 },
      temperature: { hottestChipC: 70, board: 1, hottestBoardC: 55 },
      fans: { count: pass ? 4 : 0, slowestRpm: pass ? 5000 : null, stopped: [] },
      shares: { accepted: 180, rejected: 0, rejectedPercent: 0, restarted: false },
    },
    criteria: defaultCriteria(),
    startedAt: T,
    endedAt: T,
  };
}

beforeAll(() => {
  keepFormsInPage();
  standInForModalDialogs();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderFleet(api: FakeApi): RootStore {
  const store = createRootStore({ api });
  store.setState({
    rows: ids.map(rowOf),
    selection: Object.fromEntries(ids.map((id) => [id, true as const])),
    settings: { status: 'ready', value: DEFAULT_SETTINGS },
    keychain: { status: 'ready', value: { state: 'available', advice: '', persistent: true } },
  });
  render(
    <StoreProvider store={store}>
      <BulkBar />
      <FleetTable />
      {/* The badges a fleet row and the device panel show (the rows themselves need a laid-out page: e2e). */}
      <p aria-label="Badges">
        {ids.map((id) => (
          <AcceptanceBadge key={id} deviceId={id} />
        ))}
      </p>
    </StoreProvider>,
  );
  return store;
}

const started = (endsAt: string): AcceptanceRun => ({
  runId: 'run-1',
  status: 'running',
  criteria: { ...defaultCriteria(), minutes: 0.5 },
  startedAt: T,
  endsAt,
  deviceIds: ids,
  notInFleet: [],
  verdicts: [],
});

describe('Acceptance…', () => {
  it('starts a run over the selection with the window and the standard typed', async () => {
    const api = createFakeApi();
    // As core answers a start: the end bound takes in the settle limit (15 min) before the 30 s window;
    // every device settled at its first reading, so its window opened at once.
    const now = new Date().toISOString();
    vi.mocked(api['acceptance:start']).mockResolvedValue(
      ok({
        ...started(new Date(Date.now() + 15.5 * 60_000).toISOString()),
        phases: ids.map((deviceId) => ({
          deviceId,
          phase: 'watching' as const,
          since: now,
          state: 'mining',
        })),
      }),
    );
    renderFleet(api);
    chooseAction('Acceptance…');
    const dialog = screen.getByRole('dialog', { name: 'Acceptance' });
    expect((within(dialog).getByLabelText('Watch for (minutes)') as HTMLInputElement).value).toBe('30');
    expect(
      (within(dialog).getByLabelText('Hash rate at least (% of nominal)') as HTMLInputElement).value,
    ).toBe('95');
    expect((within(dialog).getByLabelText('Hottest chip at most (°C)') as HTMLInputElement).value).toBe('85');
    fireEvent.change(within(dialog).getByLabelText('Watch for (minutes)'), { target: { value: '0' } });
    expect(within(dialog).getByText('The window is 0.01 to 1,440 minutes.')).toBeTruthy();
    expect(
      (within(dialog).getByRole('button', { name: 'Start acceptance' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Watch for (minutes)'), { target: { value: '0.5' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Start acceptance' }));
    });
    expect(api['acceptance:start']).toHaveBeenCalledWith({
      deviceIds: ids,
      criteria: {
        minutes: 0.5,
        minHashratePercent: 95,
        maxChipTempC: 85,
        maxRejectedPercent: 2,
        settleMinutes: 15,
      },
    });
    // The countdown is the window of the last device to settle, not the settle limit's bound.
    expect(within(dialog).getByRole('status').textContent).toMatch(/^(2[0-9]|30) s left · ends /);
    expect(within(dialog).getByRole('button', { name: 'Cancel the run' })).toBeTruthy();
    // A device that settles again (restarted meanwhile): only the bound is known now.
    act(() =>
      api.pushEvents([
        {
          type: 'acceptance:phase',
          payload: {
            runId: 'run-1',
            phases: [{ deviceId: ids[0]!, phase: 'settling', since: now, state: null }],
          },
        },
      ]),
    );
    expect(within(dialog).getByRole('status').textContent).toMatch(/^Settling: up to 15 min left · ends by /);
  });

  it('shows verdicts as they settle, filters the failed ones, and ends with the tally; rows get badges', async () => {
    const api = createFakeApi();
    vi.mocked(api['acceptance:start']).mockResolvedValue(
      ok(started(new Date(Date.now() + 30_000).toISOString())),
    );
    renderFleet(api);
    chooseAction('Acceptance…');
    const dialog = screen.getByRole('dialog', { name: 'Acceptance' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Start acceptance' }));
    });
    act(() =>
      api.pushEvents([
        { type: 'acceptance:verdict', payload: { runId: 'run-1', verdict: verdict(0, true) } },
        { type: 'acceptance:verdict', payload: { runId: 'run-1', verdict: verdict(1, false) } },
      ]),
    );
    const list = within(dialog).getByRole('list', { name: 'Verdicts' });
    expect(list.textContent).toContain('10.0.3.50 Accepted');
    expect(list.textContent).toContain(
      '10.0.3.51 Failed4 chips not hashing (board 2: chips 1, 2, 3 and 4)no fan reported',
    );
    fireEvent.click(within(dialog).getByLabelText('Failed only'));
    expect(list.textContent).not.toContain('10.0.3.50');
    expect(list.textContent).toContain('10.0.3.51');
    // The fleet rows show the verdicts at once.
    const badges = screen.getByLabelText('Badges');
    expect(badges.textContent).toBe('AcceptedFailed');
    expect(badges.querySelector('.mini-failed')?.getAttribute('title')).toBe(
      '4 chips not hashing (board 2: chips 1, 2, 3 and 4) (+1 more)',
    );
    vi.mocked(api['acceptance:verdicts']).mockResolvedValue(
      ok({
        siteId: 'hall-1',
        verdicts: [0, 1].map((i) => ({ ...verdict(i, i === 0), siteId: 'hall-1', by: 'l' })),
      }),
    );
    await act(async () => {
      api.pushEvents([
        {
          type: 'acceptance:done',
          payload: { runId: 'run-1', status: 'done', passed: 1, failed: 1, saved: true },
        },
      ]);
    });
    expect(within(dialog).getByRole('status').textContent).toBe('Accepted 1 of 2 devices');
    expect(
      within(dialog).getByText('The verdicts are kept in the site; the report shows them.'),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Cancel the run' })).toBeNull();
  });

  it('cancels the run, and says when none could start', async () => {
    const api = createFakeApi();
    vi.mocked(api['acceptance:start'])
      .mockResolvedValueOnce(
        err('INVALID_INPUT', 'An acceptance run is going on already: wait for it or cancel it first.'),
      )
      .mockResolvedValueOnce(ok(started(new Date(Date.now() + 30_000).toISOString())));
    vi.mocked(api['acceptance:cancel']).mockResolvedValue(ok({ cancelled: true }));
    renderFleet(api);
    chooseAction('Acceptance…');
    const dialog = screen.getByRole('dialog', { name: 'Acceptance' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Start acceptance' }));
    });
    expect(within(dialog).getByRole('alert').textContent).toMatch(/going on already/);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Start acceptance' }));
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel the run' }));
    });
    expect(api['acceptance:cancel']).toHaveBeenCalledTimes(1);
    act(() =>
      api.pushEvents([
        {
          type: 'acceptance:done',
          payload: { runId: 'run-1', status: 'cancelled', passed: 0, failed: 0, saved: false },
        },
      ]),
    );
    expect(within(dialog).getByRole('status').textContent).toBe('Cancelled: no verdict was kept.');
  });
});
