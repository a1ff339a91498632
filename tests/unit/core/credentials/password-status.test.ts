/**
 * The report's "Password" column and the "factory password" flag, from the
 * keychain listing's metadata and a password given this session: factory default / changed here (with
 * the time) / set elsewhere / unknown — unknown also while a change by this laptop is unconfirmed.
 */
import { describe, expect, it } from 'vitest';
import { passwordStatusOf } from '../../../../electron/core/credentials/password-status';
import type { DeviceCredentialInfo } from '../../../../electron/core/credentials/vault';
import { badgesOf } from '../../../../electron/core/fleet/credential-badges';
import { passwordStatusText } from '../../../../shared/format/password-status-text';

const AT = '2026-03-01T08:00:00.000Z';
const CHANGED = '2026-03-01T09:30:00.000Z';
const info = (patch: Partial<DeviceCredentialInfo> = {}): DeviceCredentialInfo => ({
  deviceId: 'mac:1',
  updatedAt: AT,
  ...patch,
});
const stored = (patch: Partial<NonNullable<DeviceCredentialInfo['password']>> = {}) =>
  info({ password: { source: 'device', storedAt: AT, rejected: false, factoryDefault: false, ...patch } });

describe('passwordStatusOf', () => {
  it('never the factory default without evidence: nothing stored, or a site password replaced since', () => {
    expect(passwordStatusOf(undefined)).toMatchObject({ status: 'unknown' });
    expect(passwordStatusOf(info({ apiKey: { storedAt: AT } }))).toMatchObject({ status: 'unknown' });
    const replaced = stored({ source: 'site', siteId: 'hall-1', factoryDefault: false, unconfirmed: true });
    expect(passwordStatusOf(replaced)).toEqual({
      status: 'unknown',
      why: 'the site password was replaced since the device accepted one',
    });
    expect(passwordStatusOf(replaced, { factory: true })).toEqual({ status: 'factory-default' });
    expect(passwordStatusOf(replaced, { factory: false })).toEqual({ status: 'set-elsewhere' });
  });

  it('factory default: the stored password (own or site) is "admin"', () => {
    expect(passwordStatusOf(stored({ factoryDefault: true }))).toEqual({ status: 'factory-default' });
    expect(passwordStatusOf(stored({ source: 'site', siteId: 'hall-1', factoryDefault: true }))).toEqual({
      status: 'factory-default',
    });
  });

  it('changed here, with the time, when this laptop changed it; set elsewhere for any other password', () => {
    expect(passwordStatusOf(stored({ changedAt: CHANGED }))).toEqual({
      status: 'changed-here',
      changedAt: CHANGED,
    });
    expect(passwordStatusOf(stored())).toEqual({ status: 'set-elsewhere' });
  });

  it('unknown: nothing stored, the stored one refused, or a change not confirmed (a refused new one changed nothing)', () => {
    expect(passwordStatusOf(undefined)).toEqual({ status: 'unknown', why: 'no password is stored' });
    expect(passwordStatusOf(stored({ rejected: true, factoryDefault: true }))).toEqual({
      status: 'unknown',
      why: 'the stored password was refused',
    });
    const pending = { since: CHANGED, rejected: false };
    expect(passwordStatusOf({ ...stored({ factoryDefault: true }), pendingPassword: pending })).toEqual({
      status: 'unknown',
      pendingSince: CHANGED,
    });
    expect(
      passwordStatusOf({
        ...stored({ factoryDefault: true }),
        pendingPassword: { ...pending, rejected: true },
      }),
    ).toEqual({ status: 'factory-default' });
  });

  it('the password the device accepted this session counts first: "admin" is the factory default whatever is stored', () => {
    expect(passwordStatusOf(undefined, { factory: true })).toEqual({ status: 'factory-default' });
    expect(passwordStatusOf(stored({ changedAt: CHANGED }), { factory: true })).toEqual({
      status: 'factory-default',
    });
    // Another one works: the stored default is out of date; a stored change says more.
    expect(passwordStatusOf(stored({ factoryDefault: true }), { factory: false })).toEqual({
      status: 'set-elsewhere',
    });
    expect(passwordStatusOf(undefined, { factory: false })).toEqual({ status: 'set-elsewhere' });
    expect(passwordStatusOf(stored({ changedAt: CHANGED }), { factory: false })).toMatchObject({
      status: 'changed-here',
    });
  });
});

describe('passwordStatusText', () => {
  it('says each status in the report’s words', () => {
    expect(passwordStatusText({ status: 'factory-default' })).toBe('factory default');
    expect(passwordStatusText({ status: 'changed-here', changedAt: CHANGED })).toMatch(
      /^changed here 2026-03-01 \d\d:30 \(UTC[+-]\d\d:\d\d\)$/,
    );
    expect(passwordStatusText({ status: 'set-elsewhere' })).toBe('set elsewhere');
    expect(passwordStatusText({ status: 'unknown', why: 'no password is stored' })).toBe(
      'unknown (no password is stored)',
    );
    expect(passwordStatusText({ status: 'unknown', pendingSince: CHANGED })).toMatch(
      /^unknown \(changed by this laptop at 2026-03-01 .*, not confirmed\)$/,
    );
  });
});

describe('badgesOf', () => {
  it('flags the factory password next to the other badges, never otherwise', () => {
    expect(badgesOf(stored({ factoryDefault: true }))).toEqual({
      password: 'device',
      apiKey: false,
      factoryPassword: true,
    });
    expect(badgesOf(stored())).toEqual({ password: 'device', apiKey: false });
    expect(badgesOf(undefined, { factory: true })).toEqual({
      password: 'none',
      apiKey: false,
      factoryPassword: true,
    });
    expect(badgesOf(undefined)).toEqual({ password: 'none', apiKey: false });
  });
});
