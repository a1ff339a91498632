/**
 * Restart pending (issue 32): a device that stores the standard's pools and preset but does not use them
 * yet (`/status` `restart_required`: a write whose restart never came) is not at the standard — drift says
 * "restart pending" — and Commission plans its restart only (no settings write again); a reboot-pending
 * device is named, never rebooted by Commission. Pure rules; the real run is in
 * tests/integration/cli-restart-pending.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { SiteStandard } from '../../../../shared/domain/standard';
import {
  REBOOT_NOT_TAKEN,
  RESTART_STORED,
  planEntry,
} from '../../../../electron/core/standard/commission-plan';
import { applyPendingIn } from '../../../../electron/core/standard/apply-pending';
import type { DeviceFacts } from '../../../../electron/core/standard/drift';
import { driftOf, partsOf, summarizeDrift } from '../../../../electron/core/standard/drift';
import { differingWords } from '../../../../electron/core/report/report-standard';

const POOL = { url: 'stratum+tcp://pool.example:3333', worker: 'acct.{ip4}', password: 'x' };
const STANDARD: SiteStandard = {
  password: true,
  pools: [POOL],
  power: { kind: 'preset', name: '3200' },
  updatedAt: '2025-01-01T00:00:00.000Z',
};
const ACCEPTING: SiteStandard = {
  ...STANDARD,
  acceptance: { minutes: 30, minHashratePercent: 90, maxChipTempC: 95, maxRejectedPercent: 2 },
};
const wanted = [{ url: 'stratum+tcp://pool.example:3333', user: 'acct.5' }];
const stored: DeviceFacts = {
  deviceId: 'd1',
  address: '10.0.0.5',
  password: 'site',
  pools: { read: wanted, wanted },
  power: { current: '3200', wanted: '3200' },
  applyPending: { restart: false, reboot: false },
  acceptance: 'none',
};
const pending = (restart: boolean, reboot: boolean): DeviceFacts => ({
  ...stored,
  applyPending: { restart, reboot },
});

describe('the /status flags', () => {
  it('reads restart_required and reboot_required; a flag left out is false; not an object: unknown', () => {
    expect(applyPendingIn({ miner_state: 'mining', restart_required: true, reboot_required: false })).toEqual(
      {
        restart: true,
        reboot: false,
      },
    );
    expect(applyPendingIn({ miner_state: 'mining', reboot_required: true })).toEqual({
      restart: false,
      reboot: true,
    });
    // Only a JSON true counts: "true" as text is not the device saying so.
    expect(applyPendingIn({ restart_required: 'true' })).toEqual({ restart: false, reboot: false });
    expect(applyPendingIn('mining')).toBeUndefined();
    expect(applyPendingIn(null)).toBeUndefined();
    expect(applyPendingIn([true])).toBeUndefined();
  });
});

describe('drift: restart pending', () => {
  it('is a part of a standard with pools or a power rule, not of one with only a password', () => {
    expect(partsOf(STANDARD)).toContain('restart');
    expect(partsOf({ password: true, updatedAt: STANDARD.updatedAt })).not.toContain('restart');
  });

  it('a device with the pools and preset stored but not in force is not at the standard', () => {
    expect(driftOf(STANDARD, stored)).toMatchObject({ status: 'at-standard', words: [] });
    const drift = driftOf(STANDARD, pending(true, false));
    expect(drift).toMatchObject({ status: 'differs', words: ['restart pending'] });
    expect(drift.parts.find((p) => p.part === 'restart')).toEqual({
      part: 'restart',
      state: 'differs',
      words: 'restart pending',
    });
    expect(driftOf(STANDARD, pending(false, true)).words).toEqual(['reboot pending']);
    expect(driftOf(STANDARD, pending(true, true)).words).toEqual(['restart pending, reboot pending']);
  });

  it('an unread status claims nothing; an unreadable device is not checked, said once', () => {
    const { applyPending: _none, ...unread } = stored;
    expect(driftOf(STANDARD, unread).status).toBe('at-standard');
    const offline = driftOf(STANDARD, { deviceId: 'd2', address: '10.0.0.6', unreadable: 'offline' });
    expect(offline.status).toBe('not-checked');
    expect(offline.words).toEqual(['not checked: offline']);
  });

  it('the counts and the report count it as differing', () => {
    const drifts = [driftOf(STANDARD, stored), driftOf(STANDARD, pending(true, false))];
    expect(summarizeDrift(drifts)).toMatchObject({ atStandard: 1, differ: 1, byPart: { restart: 1 } });
    expect(differingWords(drifts)).toBe('1 restart pending');
  });
});

describe('the plan: the restart only', () => {
  it('plans the restart alone for a restart-pending device (no settings write again)', () => {
    const facts = pending(true, false);
    const entry = planEntry(STANDARD, driftOf(STANDARD, facts), facts);
    expect(entry.steps).toEqual([{ kind: 'restart', words: RESTART_STORED }]);
    expect(entry.skip).toBeUndefined();
    expect(entry.detail).toBe(RESTART_STORED);
  });

  it('with acceptance in the standard, the restart is followed by acceptance', () => {
    const facts = { ...pending(true, false), acceptance: 'pass' as const };
    const entry = planEntry(ACCEPTING, driftOf(ACCEPTING, facts), facts);
    expect(entry.steps.map((s) => s.kind)).toEqual(['restart', 'acceptance']);
  });

  it('a device whose pools differ too gets its write and the restart taken whatever the write answers', () => {
    const facts: DeviceFacts = {
      ...pending(true, false),
      pools: { read: [{ url: 'other.pool:3333', user: 'x' }], wanted },
    };
    const entry = planEntry(STANDARD, driftOf(STANDARD, facts), facts);
    expect(entry.steps).toEqual([
      { kind: 'settings', words: 'set pools' },
      { kind: 'restart', words: RESTART_STORED },
    ]);
    // Not pending: the restart waits for the write's own restart_required.
    const plain = { ...facts, applyPending: { restart: false, reboot: false } };
    expect(planEntry(STANDARD, driftOf(STANDARD, plain), plain).steps.at(-1)).toEqual({
      kind: 'restart',
      words: 'restart',
    });
  });

  it('never reboots: a reboot-pending device is skipped with why, a restart-and-reboot one only restarted', () => {
    const reboot = pending(false, true);
    const entry = planEntry(STANDARD, driftOf(STANDARD, reboot), reboot);
    expect(entry.steps).toEqual([]);
    expect(entry.skip).toBe('not-checked');
    expect(entry.detail).toBe(REBOOT_NOT_TAKEN);
    const both = pending(true, true);
    expect(planEntry(STANDARD, driftOf(STANDARD, both), both).steps).toEqual([
      { kind: 'restart', words: RESTART_STORED },
    ]);
  });
});
