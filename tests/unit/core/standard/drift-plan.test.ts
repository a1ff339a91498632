/**
 * The site standard's pure rules: drift words per part (what the Standard column, `commission --dry-run`
 * and the report say), the Commission steps in their order (password → firmware → one settings write for
 * pools and preset → restart → acceptance), the preview's groups, and the run's summary sentence.
 */
import { describe, expect, it } from 'vitest';
import type { SiteStandard } from '../../../../shared/domain/standard';
import { groupPlan, planEntry } from '../../../../electron/core/standard/commission-plan';
import type { DeviceFacts } from '../../../../electron/core/standard/drift';
import {
  compareVersions,
  driftOf,
  driftSummaryWords,
  summarizeDrift,
} from '../../../../electron/core/standard/drift';
import { acceptancePending, runSummary } from '../../../../electron/core/standard/standard-desk';

const POOL = { url: 'stratum+tcp://pool.example:3333', worker: 'acct.{ip4}', password: 'x' };
const STANDARD: SiteStandard = {
  password: true,
  pools: [POOL],
  firmware: { version: '1.2.8', imagePath: '/images/fw.bin' },
  power: { kind: 'preset', name: '3200' },
  acceptance: { minutes: 30, minHashratePercent: 90, maxChipTempC: 95, maxRejectedPercent: 2 },
  updatedAt: '2025-01-01T00:00:00.000Z',
};
const wanted = [{ url: 'stratum+tcp://pool.example:3333', user: 'acct.5' }];
const atStandard: DeviceFacts = {
  deviceId: 'd1',
  address: 'http://10.0.0.5',
  password: 'site',
  firmware: '1.2.8',
  pools: { read: wanted, wanted },
  power: { current: '3200', wanted: '3200' },
  acceptance: 'pass',
};

describe('drift', () => {
  it('says nothing for a device at the standard', () => {
    expect(driftOf(STANDARD, atStandard)).toMatchObject({ status: 'at-standard', words: [] });
  });

  it('names each part that differs, in the standard order', () => {
    const drift = driftOf(STANDARD, {
      ...atStandard,
      password: 'factory',
      firmware: '1.2.6',
      pools: { read: [{ url: 'pool.example:3333', user: 'acct.old' }], wanted },
      power: { current: '2800', wanted: '3200' },
      acceptance: 'none',
    });
    expect(drift.status).toBe('differs');
    expect(drift.words).toEqual([
      'factory password',
      'firmware older (1.2.6)',
      'workers differ',
      'preset differs',
      'not yet accepted',
    ]);
  });

  it('tells pools from workers, a newer firmware from an older one, another password from the factory one', () => {
    const drift = driftOf(STANDARD, {
      ...atStandard,
      password: 'other',
      firmware: '1.3.0',
      pools: { read: [{ url: 'other.example:3333', user: 'acct.5' }], wanted },
      acceptance: 'fail',
    });
    expect(drift.words).toEqual([
      'password differs',
      'firmware differs (1.3.0)',
      'pools differ',
      'acceptance failed',
    ]);
  });

  it('says "preset 3200 not offered" for a model without it, never "not checked"', () => {
    const { power: _power, ...facts } = atStandard;
    const drift = driftOf(STANDARD, { ...facts, powerUnavailable: 'preset 3200 not offered' });
    expect(drift).toMatchObject({ status: 'differs', words: ['preset 3200 not offered'] });
    expect(
      planEntry(STANDARD, drift, { ...facts, powerUnavailable: 'preset 3200 not offered' }),
    ).toMatchObject({
      steps: [],
      detail: 'preset 3200 not offered',
    });
  });

  it('says once why an unreadable device was not checked, and counts it apart', () => {
    const offline = driftOf(STANDARD, { deviceId: 'd2', address: 'http://10.0.0.6', unreadable: 'offline' });
    expect(offline).toMatchObject({ status: 'not-checked', words: ['not checked: offline'] });
    const summary = summarizeDrift([driftOf(STANDARD, atStandard), offline]);
    expect(driftSummaryWords(summary)).toBe('1 of 2 at the standard · 1 not checked');
  });

  it('compares versions by their numbers', () => {
    expect(compareVersions('1.2.10', '1.2.9')).toBe(1);
    expect(compareVersions('v1.2.8', '1.2.8')).toBe(0);
    expect(compareVersions('1.2', '1.2.1')).toBe(-1);
  });
});

describe('Commission plan', () => {
  it('orders the steps and makes pools and preset ONE settings write, with one restart', () => {
    const facts: DeviceFacts = {
      ...atStandard,
      password: 'factory',
      firmware: '1.2.6',
      pools: { read: [{ url: 'old.example:3333', user: 'x' }], wanted },
      power: { current: '2800', wanted: '3200' },
      acceptance: 'none',
    };
    const entry = planEntry(STANDARD, driftOf(STANDARD, facts), facts);
    expect(entry.steps.map((s) => [s.kind, s.words])).toEqual([
      ['password', 'replace the factory password'],
      ['firmware', 'update firmware to 1.2.8'],
      ['settings', 'set pools and power preset 3200'],
      ['restart', 'restart'],
      ['acceptance', 'acceptance (30 min)'],
    ]);
  });

  it('plans no step for a device at the standard, and skips an unreadable one saying why', () => {
    expect(planEntry(STANDARD, driftOf(STANDARD, atStandard), atStandard)).toMatchObject({
      steps: [],
      detail: 'no change',
    });
    const offline: DeviceFacts = { deviceId: 'd2', address: 'http://10.0.0.6', unreadable: 'offline' };
    expect(planEntry(STANDARD, driftOf(STANDARD, offline), offline)).toMatchObject({
      steps: [],
      skip: 'offline',
      detail: 'offline',
    });
  });

  it('groups devices by their steps, biggest group first', () => {
    const workers: DeviceFacts = {
      ...atStandard,
      pools: { read: [{ url: wanted[0]!.url, user: 'x' }], wanted },
    };
    const entries = [atStandard, workers, { ...workers, deviceId: 'd3' }].map((f) =>
      planEntry(STANDARD, driftOf(STANDARD, f), f),
    );
    expect(groupPlan(entries).map((g) => [g.count, g.steps])).toEqual([
      [2, ['set workers', 'restart', 'acceptance (30 min)']],
      [1, []],
    ]);
  });
});

describe('run summary', () => {
  it('names the failed devices with their step', () => {
    const words = runSummary(
      [
        { deviceId: 'a', address: '10.0.0.5', outcome: 'done', steps: [], message: 'at the standard' },
        { deviceId: 'b', address: '10.0.0.6', outcome: 'unchanged', steps: [], message: 'no change' },
        {
          deviceId: 'c',
          address: '10.0.0.7',
          outcome: 'failed',
          failedStep: 'settings',
          steps: [{ kind: 'settings', words: 'set pools', outcome: 'failed', message: 'refused' }],
          message: 'set pools: refused',
        },
      ],
      false,
    );
    expect(words).toBe(
      'commissioned 1 of 3 devices; 1 at the standard already; 1 failed: 10.0.0.7 (set pools) (2 at the standard)',
    );
  });

  it('counts a device still settling at the settle limit apart from the failed ones', () => {
    const pending = {
      deviceId: 'p',
      address: '10.0.0.9',
      outcome: 'unknown' as const,
      failedStep: 'acceptance' as const,
      steps: [
        {
          kind: 'acceptance' as const,
          words: 'acceptance (30 min)',
          outcome: 'unknown' as const,
          message:
            'pending: still tuning after 15 min (auto-tuning since 14:05): not judged yet; judge again later',
        },
      ],
      message: 'acceptance: pending',
    };
    expect(acceptancePending(pending)).toBe(true);
    expect(
      runSummary(
        [
          { deviceId: 'a', address: '10.0.0.5', outcome: 'done', steps: [], message: 'at the standard' },
          pending,
        ],
        false,
      ),
    ).toBe(
      'commissioned 1 of 2 devices; 1 pending acceptance (still settling: judge again later): 10.0.0.9 (1 at the standard)',
    );
  });
});
