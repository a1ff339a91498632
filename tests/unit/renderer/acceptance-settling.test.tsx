/**
 * Acceptance that waits for a device to settle (issue 32), in the window against the fake window.api: the
 * dialog's "Settle up to" field (0 judges from the first reading) sent as criteria.settleMinutes; while a
 * run goes on each device's badge says "Settling · 3 min" or "Watching" — never "Failed" before its
 * verdict — ticking on one shared clock; a pending verdict is a "Pending" badge (not red) with its reason;
 * the counts keep accepted, failed, pending, settling and watching apart; a window reloaded mid-run picks
 * the phases up from `run.phases`; the phases of Commission's acceptance (a run this window did not start)
 * reach the badges too.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AcceptanceBadge } from '../../../renderer/src/features/fleet/acceptance-badge';
import { BulkBar } from '../../../renderer/src/features/fleet/bulk-bar';
import { DeviceAcceptance } from '../../../renderer/src/features/device/device-acceptance';
import { CLOCK_TICK_MS, sharedClockState } from '../../../renderer/src/lib/shared-clock';
import type { RootStore } from '../../../renderer/src/stores/root-store';
import { createRootStore, StoreProvider } from '../../../renderer/src/stores/root-store';
import type { AcceptancePhase, AcceptanceVerdict } from '../../../shared/domain/acceptance';
import { defaultCriteria } from '../../../shared/domain/acceptance';
import { DEFAULT_SETTINGS } from '../../../shared/domain/settings';
import type { AcceptanceRun } from '../../../shared/ipc/channels/acceptance';
import { ok } from '../../../shared/result';
import type { FakeApi } from './fake-api';
import { createFakeApi } from './fake-api';
import { chooseAction } from './fleet-actions';
import { healthyEvidence, PENDING_REASON } from './acceptance-fixtures';
import { fleetRow, keepFormsInPage, standInForModalDialogs } from './jsdom-stand-ins';

const ids = ['mac:AA:BB:CC:00:00:01', 'mac:AA:BB:CC:00:00:02', 'mac:AA:BB:CC:00:00:03'];

const ago = (minutes: number): string => new Date(Date.now() - minutes * 60_000).toISOString();

const phase = (i: number, kind: AcceptancePhase['phase'], minutes: number, state: string | null = null) => ({
  deviceId: ids[i]!,
  phase: kind,
  since: ago(minutes),
  state,
});

function verdict(i: number, kind: AcceptanceVerdict['verdict']): AcceptanceVerdict {
  const reasons =
    kind === 'pass'
      ? []
      : kind === 'pending'
        ? [PENDING_REASON]
        : ['2 of 3 hash boards present (board 3 missing)'];
  return {
    deviceId: ids[i]!,
    address: `http://10.0.3.${50 + i}`,
    verdict: kind,
    reasons,
    checks: [{ check: 'boards-present', pass: kind !== 'fail', words: 'boards' }],
    evidence: healthyEvidence(),
    criteria: defaultCriteria(),
    startedAt: ago(20),
    endedAt: ago(0),
    settledAt: kind === 'pass' ? ago(5) : null,
    settling: [{ at: ago(19), state: 'auto-tuning', hashRateThs: 120 }],
  };
}

const run = (phases: AcceptancePhase[], runId = 'run-1'): AcceptanceRun => ({
  runId,
  status: 'running',
  criteria: defaultCriteria(),
  startedAt: ago(3),
  endsAt: new Date(Date.now() + 60 * 60_000).toISOString(),
  deviceIds: ids,
  notInFleet: [],
  verdicts: [],
  phases,
});

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
    rows: ids.map((id, i) => fleetRow(id, `10.0.3.${50 + i}`)),
    selection: Object.fromEntries(ids.map((id) => [id, true as const])),
    settings: { status: 'ready', value: DEFAULT_SETTINGS },
    keychain: { status: 'ready', value: { state: 'available', advice: '', persistent: true } },
  });
  render(
    <StoreProvider store={store}>
      <BulkBar />
      {ids.map((id) => (
        <p key={id} aria-label={`Badge ${id}`}>
          <AcceptanceBadge deviceId={id} />
        </p>
      ))}
      <div aria-label="Panel">
        <DeviceAcceptance deviceId={ids[0]!} />
      </div>
    </StoreProvider>,
  );
  return store;
}

const badge = (i: number): HTMLElement => screen.getByLabelText(`Badge ${ids[i]!}`);

describe('Acceptance that waits for the devices to settle', () => {
  it('has a "Settle up to" field (default 15, 0 judges from the first reading) sent as settleMinutes', async () => {
    const api = createFakeApi();
    vi.mocked(api['acceptance:start']).mockResolvedValue(ok(run([])));
    renderFleet(api);
    chooseAction('Acceptance…');
    const dialog = screen.getByRole('dialog', { name: 'Acceptance' });
    const settle = within(dialog).getByLabelText('Settle up to (minutes)') as HTMLInputElement;
    expect(settle.value).toBe('15');
    const hint = document.getElementById(settle.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toMatch(/just restarted or is tuning is waited for/);
    expect(hint?.textContent).toMatch(/0 judges from the first reading/);
    fireEvent.change(settle, { target: { value: '-1' } });
    expect(within(dialog).getByText(/Settling is 0 to 1,440 minutes/)).toBeTruthy();
    const start = within(dialog).getByRole('button', { name: 'Start acceptance' }) as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    fireEvent.change(settle, { target: { value: '0' } });
    await act(async () => {
      fireEvent.click(start);
    });
    expect(api['acceptance:start']).toHaveBeenCalledWith({
      deviceIds: ids,
      criteria: { ...defaultCriteria(), settleMinutes: 0 },
    });
  });

  it('badges say Settling · N min / Watching, never Failed before the verdict; pending is counted apart', async () => {
    const api = createFakeApi();
    vi.mocked(api['acceptance:start']).mockResolvedValue(
      ok(run([phase(0, 'settling', 3, 'auto-tuning'), phase(1, 'watching', 1), phase(2, 'settling', 0)])),
    );
    // An old failure kept for the first device: while it settles again, its badge does not say Failed.
    const store = renderFleet(api);
    act(() => store.setState({ verdicts: { [ids[0]!]: verdict(0, 'fail') } }));
    expect(badge(0).textContent).toBe('Failed');
    chooseAction('Acceptance…');
    const dialog = screen.getByRole('dialog', { name: 'Acceptance' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Start acceptance' }));
    });
    expect(badge(0).textContent).toBe('Settling · 3 min');
    expect(badge(0).querySelector('[title]')?.getAttribute('title')).toMatch(
      /\(auto-tuning\): not judged yet/,
    );
    expect(badge(1).textContent).toBe('Watching');
    expect(badge(2).textContent).toBe('Settling · <1 min');
    expect(screen.getByLabelText('Panel').textContent).toMatch(
      /^Settling since .*\(auto-tuning\): not judged yet/,
    );
    const tally = (): string => dialog.querySelector('[data-tally]')?.textContent ?? '';
    expect(tally()).toBe('0 of 3 verdicts · 0 accepted · 0 failed · 0 pending · 2 settling · 1 watching');

    // One settles, one is judged pending at the settle limit, one fails.
    act(() =>
      api.pushEvents([
        { type: 'acceptance:phase', payload: { runId: 'run-1', phases: [phase(2, 'watching', 0)] } },
      ]),
    );
    expect(badge(2).textContent).toBe('Watching');
    expect(tally()).toMatch(/· 1 settling · 2 watching$/);
    act(() =>
      api.pushEvents([
        { type: 'acceptance:verdict', payload: { runId: 'run-1', verdict: verdict(0, 'pending') } },
        { type: 'acceptance:verdict', payload: { runId: 'run-1', verdict: verdict(1, 'fail') } },
        { type: 'acceptance:verdict', payload: { runId: 'run-1', verdict: verdict(2, 'pass') } },
      ]),
    );
    const pending = badge(0).querySelector('[data-verdict]');
    expect(pending?.textContent).toBe('Pending');
    expect(pending?.className).toContain('mini-pending');
    expect(pending?.className).not.toContain('mini-failed');
    expect(pending?.getAttribute('title')).toBe(PENDING_REASON);
    expect(badge(1).textContent).toBe('Failed');
    expect(badge(2).textContent).toBe('Accepted');
    expect(tally()).toBe('3 of 3 verdicts · 1 accepted · 1 failed · 1 pending · 0 settling · 0 watching');
    expect(screen.getByLabelText('Panel').textContent).toContain(`${PENDING_REASON}. Not a failure`);

    fireEvent.click(within(dialog).getByLabelText('Pending only'));
    const list = within(dialog).getByRole('list', { name: 'Verdicts' });
    expect(list.textContent).toBe(`10.0.3.50 Pending${PENDING_REASON}`);
    await act(async () => {
      api.pushEvents([
        {
          type: 'acceptance:done',
          payload: { runId: 'run-1', status: 'done', passed: 1, failed: 1, pending: 1, saved: true },
        },
      ]);
    });
    expect(within(dialog).getByRole('status').textContent).toBe(
      'Accepted 1, failed 1, pending 1 of 3 devices',
    );
    expect(within(dialog).getByText(/1 device had not settled in time/).textContent).toMatch(/again later/);
    expect(store.getState().acceptanceEnd?.pending).toBe(1);
  });

  it('ticks every settling badge on one shared timer, and stops it when none settles', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const api = createFakeApi();
    const store = renderFleet(api);
    act(() =>
      store.setState({
        acceptancePhases: { [ids[0]!]: phase(0, 'settling', 1), [ids[1]!]: phase(1, 'settling', 2) },
        acceptancePhasesRunId: 'run-1',
      }),
    );
    expect(badge(0).textContent).toBe('Settling · 1 min');
    expect(sharedClockState()).toEqual({ listeners: 2, running: true });
    expect(vi.getTimerCount()).toBe(1);
    act(() => vi.advanceTimersByTime(60_000 + CLOCK_TICK_MS));
    expect(badge(0).textContent).toBe('Settling · 2 min');
    expect(badge(1).textContent).toBe('Settling · 3 min');
    act(() => store.setState({ acceptancePhases: { [ids[1]!]: phase(1, 'watching', 0) } }));
    expect(sharedClockState()).toEqual({ listeners: 0, running: false });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a window reloaded mid-run shows the phases of run.phases', async () => {
    const api = createFakeApi();
    vi.mocked(api['acceptance:verdicts']).mockResolvedValue(ok({ siteId: 'hall-1', verdicts: [] }));
    vi.mocked(api['acceptance:run']).mockResolvedValue(ok(run([phase(0, 'settling', 4, 'restarting')])));
    const store = renderFleet(api);
    await act(async () => {
      await store.getState().acceptanceLoaded();
    });
    expect(badge(0).textContent).toBe('Settling · 4 min');
    expect(store.getState().acceptancePhaseCounts).toEqual({ settling: 1, watching: 0 });
  });

  it("Commission's acceptance (a run this window did not start): its phases reach the badges, its end clears them", async () => {
    const api = createFakeApi();
    const store = renderFleet(api);
    act(() =>
      api.pushEvents([
        { type: 'acceptance:phase', payload: { runId: 'commission-acc', phases: [phase(1, 'settling', 2)] } },
      ]),
    );
    expect(badge(1).textContent).toBe('Settling · 2 min');
    vi.mocked(api['acceptance:verdicts']).mockResolvedValue(
      ok({ siteId: 'hall-1', verdicts: [{ ...verdict(1, 'pending'), siteId: 'hall-1', by: 'l' }] }),
    );
    await act(async () => {
      api.pushEvents([
        {
          type: 'acceptance:done',
          payload: { runId: 'commission-acc', status: 'done', passed: 0, failed: 0, pending: 1, saved: true },
        },
      ]);
    });
    expect(store.getState().acceptancePhases).toEqual({});
    expect(badge(1).textContent).toBe('Pending');
  });
});
