import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../../shared/domain/settings';
import { openSettingsStore, SETTINGS_FILE } from '../../../../electron/core/settings/settings-store';

describe('settings store', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'minerdeck-settings-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('starts from the defaults, saves a change atomically and reads it back next time', async () => {
    const store = await openSettingsStore({ dataDir: dir });
    expect(store.current()).toEqual(DEFAULT_SETTINGS);
    const listener = vi.fn();
    store.onChange(listener);
    await expect(store.update({ monitor: { intervalMs: 2000 } })).resolves.toMatchObject({ ok: true });
    expect(listener).toHaveBeenCalledOnce();
    expect(readdirSync(dir)).toEqual([SETTINGS_FILE]);
    const again = await openSettingsStore({ dataDir: dir });
    expect(again.current().monitor.intervalMs).toBe(2000);
    expect(again.current().discovery).toEqual(DEFAULT_SETTINGS.discovery);
  });

  it('refuses values out of range and changes nothing', async () => {
    const store = await openSettingsStore({ dataDir: dir });
    const result = await store.update({ monitor: { chipTempMaxC: 400 }, credentials: { siteId: 'a/b' } });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(result.ok ? '' : result.error.message).toMatch(/monitor\.chipTempMaxC.*credentials\.siteId/);
    expect(store.current()).toEqual(DEFAULT_SETTINGS);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('treats a field given as undefined as unchanged', async () => {
    const store = await openSettingsStore({ initial: { monitor: { intervalMs: 900 } } });
    await store.update({ monitor: { intervalMs: undefined, timeoutMs: 500 } });
    expect(store.current().monitor).toMatchObject({ intervalMs: 900, timeoutMs: 500 });
  });

  it('keeps a damaged file aside, says so, and starts from the defaults', async () => {
    writeFileSync(join(dir, SETTINGS_FILE), '{ not json');
    const store = await openSettingsStore({ dataDir: dir, now: () => new Date('2026-01-02T03:04:05.000Z') });
    expect(store.current()).toEqual(DEFAULT_SETTINGS);
    expect(store.problems()).toEqual([
      expect.stringMatching(/not valid JSON.*settings\.corrupt-2026-01-02T03-04-05-000Z\.json/),
    ]);
    expect(readFileSync(join(dir, 'settings.corrupt-2026-01-02T03-04-05-000Z.json'), 'utf8')).toBe(
      '{ not json',
    );
  });

  it('fills fields a file from an older version lacks with their defaults', async () => {
    writeFileSync(
      join(dir, SETTINGS_FILE),
      JSON.stringify({ version: 1, settings: { monitor: { intervalMs: 3000 } } }),
    );
    const store = await openSettingsStore({ dataDir: dir });
    expect(store.current().monitor).toEqual({ ...DEFAULT_SETTINGS.monitor, intervalMs: 3000 });
    expect(store.problems()).toEqual([]);
  });

  it('loads a file written before site metrics existed with metrics off, and keeps them once set', async () => {
    const { metrics: _none, ...older } = DEFAULT_SETTINGS;
    writeFileSync(join(dir, SETTINGS_FILE), JSON.stringify({ version: 1, settings: older }));
    const store = await openSettingsStore({ dataDir: dir });
    expect(store.problems()).toEqual([]);
    expect(store.current().metrics).toEqual({ enabled: false, address: '127.0.0.1:9464' });
    await store.update({ metrics: { enabled: true, address: '0.0.0.0:9100' } });
    const again = await openSettingsStore({ dataDir: dir });
    expect(again.current().metrics).toEqual({ enabled: true, address: '0.0.0.0:9100' });
  });

  it('refuses a site-metrics address that is a host name, and keeps the file as it was', async () => {
    const store = await openSettingsStore({ dataDir: dir });
    const result = await store.update({ metrics: { enabled: true, address: 'prometheus.local:9464' } });
    expect(result.ok ? '' : result.error.message).toMatch(/metrics\.address: An IP address and a port/);
    expect(store.current()).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps the fleet columns the technician hid; a file from before shows every column', async () => {
    const { fleetView: _none, ...older } = DEFAULT_SETTINGS;
    writeFileSync(join(dir, SETTINGS_FILE), JSON.stringify({ version: 1, settings: older }));
    const store = await openSettingsStore({ dataDir: dir });
    expect(store.problems()).toEqual([]);
    expect(store.current().fleetView).toEqual({ hiddenColumns: [] });
    await expect(store.update({ fleetView: { hiddenColumns: ['fans', 'power'] } })).resolves.toMatchObject({
      ok: true,
    });
    const again = await openSettingsStore({ dataDir: dir });
    expect(again.current().fleetView.hiddenColumns).toEqual(['fans', 'power']);
    // Only the columns changed; the monitor's settings, which restart monitoring, are as they were.
    expect(again.current().monitor).toEqual(DEFAULT_SETTINGS.monitor);
  });

  it('refuses a hidden column that is not a column name, and keeps the choice as it was', async () => {
    const store = await openSettingsStore({ dataDir: dir });
    const result = await store.update({ fleetView: { hiddenColumns: ['fans', '<img src=x>'] } });
    expect(result.ok ? '' : result.error.message).toMatch(
      /fleetView\.hiddenColumns\.1: A column is named by letters, digits and "-"/,
    );
    expect(store.current().fleetView.hiddenColumns).toEqual([]);
  });
});
