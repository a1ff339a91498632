/**
 * A pending verdict (issue 32: not settled within the settle limit, not judged yet) is counted apart from
 * the failures everywhere the window counts: the Standard column ("tuning, judge again later" from core
 * drift, not red), the footer's counts, Commission's counts, and the report preview ("Accepted 1, failed 1,
 * pending 1 of 3 devices", the pending devices listed apart, their verdict cell "Pending"). The standard's
 * acceptance part shows the settle field through the shared criteria fields.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BulkBar } from '../../../renderer/src/features/fleet/bulk-bar';
import { criteriaText } from '../../../renderer/src/features/fleet/acceptance-criteria-fields';
import { ReportPreview } from '../../../renderer/src/features/report/report-preview';
import { pendingAcceptances, runCountsText } from '../../../renderer/src/features/standard/commission-run';
import {
  driftCell,
  driftCountsText,
  pendingAcceptanceCount,
} from '../../../renderer/src/features/standard/drift-words';
import { PENDING_ACCEPTANCE_WORDS } from '../../../shared/domain/acceptance-words';
import { createRootStore, StoreProvider } from '../../../renderer/src/stores/root-store';
import { defaultCriteria } from '../../../shared/domain/acceptance';
import type { HandOverReport, ReportDevice } from '../../../shared/domain/report';
import type { CommissionDevice, DeviceDrift } from '../../../shared/domain/standard';
import { ok } from '../../../shared/result';
import { createFakeApi } from './fake-api';
import { healthyEvidence, PENDING_REASON } from './acceptance-fixtures';
import { fleetRow, standInForModalDialogs } from './jsdom-stand-ins';

const AT = '2026-11-28T14:20:00.000Z';

const drift = (id: string, status: DeviceDrift['status'], words: string[] = []): DeviceDrift => ({
  deviceId: id,
  address: `http://${id}`,
  status,
  parts: [],
  words,
});

beforeAll(standInForModalDialogs);
afterEach(() => cleanup());

describe('the Standard column and the footer', () => {
  it('a device that differs only by a pending acceptance is not red, and is counted apart', () => {
    const pendingOnly = drift('a', 'differs', [PENDING_ACCEPTANCE_WORDS]);
    expect(driftCell(pendingOnly)).toMatchObject({ tone: 'warn', main: 'tuning, judge again later' });
    expect(driftCell(drift('b', 'differs', ['acceptance failed'])).tone).toBe('bad');
    // Another part differs too: it differs (red), whatever its acceptance.
    expect(driftCell(drift('c', 'differs', ['pools differ', PENDING_ACCEPTANCE_WORDS])).tone).toBe('bad');
    const record = {
      a: pendingOnly,
      b: drift('b', 'differs', ['acceptance failed']),
      c: drift('c', 'differs', ['pools differ', PENDING_ACCEPTANCE_WORDS]),
      d: drift('d', 'at-standard'),
    };
    expect(pendingAcceptanceCount(record)).toBe(1);
    const summary = { total: 4, atStandard: 1, differ: 3, notChecked: 0, byPart: {} };
    expect(driftCountsText(summary, true, false, 1)).toBe(
      '1 at the standard · 2 differ · 1 pending acceptance',
    );
    expect(driftCountsText(summary, true, true, 1)).toBe('1 ✓ · 2 differ · 1 pending');
    expect(driftCountsText(summary, true)).toBe('1 at the standard · 3 differ');
  });
});

describe("Commission's counts", () => {
  const device = (id: string, failedStep?: CommissionDevice['failedStep']): CommissionDevice => ({
    deviceId: id,
    address: `http://${id}`,
    outcome: failedStep === undefined ? 'done' : 'failed',
    steps: [],
    ...(failedStep !== undefined ? { failedStep } : {}),
    message: '',
  });

  it('devices whose acceptance is pending are not counted as failed', () => {
    const devices = [
      device('a'),
      device('b', 'acceptance'),
      device('c', 'acceptance'),
      device('d', 'settings'),
    ];
    const verdicts = {
      b: { verdict: 'pending' as const },
      c: { verdict: 'fail' as const },
      d: { verdict: 'pending' as const },
    };
    // As core gives it: the step `unknown`, worded pending (the verdicts not read again yet).
    const asCore: CommissionDevice = {
      ...device('e', 'acceptance'),
      outcome: 'unknown',
      steps: [
        {
          kind: 'acceptance',
          words: 'acceptance (30 min)',
          outcome: 'unknown',
          message: `pending: ${PENDING_REASON}; judge again later`,
        },
      ],
    };
    const pending = pendingAcceptances([...devices, asCore], verdicts);
    expect(pending).toBe(2);
    const counts = { total: 5, done: 1, unchanged: 0, failed: 3, unknown: 1, skipped: 0, open: 0 };
    expect(runCountsText({ counts }, pending)).toBe(
      '1 at the standard · 2 failed · 2 acceptance pending (judge again later)',
    );
  });
});

function reportDevice(i: number, verdict: 'pass' | 'fail' | 'pending'): ReportDevice {
  return {
    deviceId: `mac:AA:BB:CC:00:00:0${i}`,
    address: `http://10.0.0.${i}`,
    label: '',
    mac: `AA:BB:CC:00:00:0${i}`,
    hostname: null,
    model: 'Antminer S21',
    firmware: 'Vnish 1.2.7',
    serial: null,
    state: 'online',
    stateReason: 'device reports mining',
    minerState: verdict === 'pending' ? 'auto-tuning' : 'mining',
    hashRate: 180e12,
    nominalHashRate: 200e12,
    hashRateShare: 0.9,
    chipTempMax: 71,
    boardTempMax: 60,
    apiKey: true,
    password: { status: 'changed-here', changedAt: AT },
    pools: [],
    led: 'off',
    lastRestart: null,
    commissioning: 'verified',
    preset: '3200',
    worker: null,
    acceptance: {
      verdict,
      reasons: verdict === 'pass' ? [] : verdict === 'pending' ? [PENDING_REASON] : ['no fan reported'],
      checks: [],
      evidence: healthyEvidence(),
      criteria: defaultCriteria(),
      startedAt: AT,
      endedAt: AT,
      by: 'field-laptop',
    },
    problems: [],
    alerts: [],
    notes: '',
    firstSeen: AT,
    lastSeen: AT,
  };
}

const REPORT: HandOverReport = {
  reportVersion: 1,
  site: { id: 'hall-1', name: 'Hall 1' },
  generatedAt: AT,
  laptop: 'field-laptop',
  technician: 'Dana Okafor',
  app: { name: 'Minerdeck', version: '0.1.0' },
  checkedAt: AT,
  counts: {
    devices: 3,
    byState: { online: 3 },
    apiKeys: 3,
    withProblems: 0,
    factoryPasswords: 0,
    online: 3,
    accepted: 1,
    failed: 1,
  },
  inForce: { pools: [], firmware: [] },
  activity: [],
  devices: [reportDevice(1, 'pass'), reportDevice(2, 'fail'), reportDevice(3, 'pending')],
};

describe('the report preview', () => {
  it('says "Accepted 1, failed 1, pending 1 of 3 devices" and lists the pending device apart from the failures', () => {
    render(<ReportPreview report={REPORT} />);
    expect(screen.getByRole('heading', { level: 3 }).textContent).toBe(
      'Accepted 1, failed 1, pending 1 of 3 devices',
    );
    const counts = screen.getByRole('list', { name: 'Counts' });
    expect(counts.textContent).toContain('1 failed');
    expect(counts.textContent).toContain('1 pending (not judged yet)');
    expect(counts.textContent).toContain('0 not accepted yet');
    const failures = screen.getByRole('region', { name: 'Failures' });
    expect(failures.textContent).toContain('10.0.0.2');
    expect(failures.textContent).not.toContain('10.0.0.3');
    const pending = screen.getByRole('region', { name: 'Pending' });
    expect(pending.textContent).toContain(`10.0.0.3 — ${PENDING_REASON}`);
    expect(pending.textContent).toMatch(/judge them again later/);
    const row = screen.getByRole('table').querySelector('tr[data-verdict="pending"]');
    const cell = row?.lastElementChild;
    expect(cell?.textContent).toBe('Pending');
    expect(cell?.classList.contains('report-wait')).toBe(true);
    // The evidence of the failures holds the failed device only.
    expect(screen.getByRole('region', { name: 'Evidence' }).textContent).not.toContain('10.0.0.3');
  });
});

describe("the standard's acceptance part", () => {
  it('kept criteria from before issue 32 settle for the default, 15 minutes', () => {
    const { settleMinutes: _none, ...old } = defaultCriteria();
    expect(criteriaText(old).settle).toBe('15');
    expect(criteriaText({ ...old, settleMinutes: 0 }).settle).toBe('0');
  });

  it('shows "Settle up to" through the shared criteria fields, and sends it with the standard', async () => {
    const api = createFakeApi();
    vi.mocked(api['standard:get']).mockResolvedValue(ok({ siteId: 's', siteName: 'Hall 1', standard: null }));
    vi.mocked(api['standard:set']).mockResolvedValue(ok({ siteId: 's', siteName: 'Hall 1', standard: null }));
    vi.mocked(api['commission:pool-presets']).mockResolvedValue(ok([]));
    const store = createRootStore({ api });
    const rows = [fleetRow('mac:AA:00:00:00:00:01', '10.0.0.1')];
    store.setState({ rows, selection: { [rows[0]!.id]: true } });
    render(
      <StoreProvider store={store}>
        <BulkBar />
      </StoreProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Commission…' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(await within(dialog).findByLabelText('Acceptance'));
    const settle = within(dialog).getByLabelText('Settle up to (minutes)') as HTMLInputElement;
    expect(settle.value).toBe('15');
    fireEvent.change(settle, { target: { value: '5' } });
    fireEvent.change(within(dialog).getByLabelText('Site password'), { target: { value: 'hall-1-pw-77' } });
    fireEvent.change(within(dialog).getByLabelText('Site password again'), {
      target: { value: 'hall-1-pw-77' },
    });
    fireEvent.change(within(dialog).getByLabelText('Pool 1 URL'), {
      target: { value: 'stratum+tcp://pool.example:3333' },
    });
    fireEvent.change(within(dialog).getByLabelText('Pool 1 worker'), { target: { value: 'acct.{mac6}' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and preview' }));
    expect(
      within(dialog)
        .queryAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual([]);
    await vi.waitFor(() => expect(api['standard:set']).toHaveBeenCalledTimes(1));
    expect(vi.mocked(api['standard:set']).mock.calls[0]![0].acceptance).toEqual({
      ...defaultCriteria(),
      settleMinutes: 5,
    });
  });
});
