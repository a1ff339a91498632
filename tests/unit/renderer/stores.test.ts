/**
 * The renderer's slices against the fake window.api: what each action sends, and how event batches
 * from main change the state (one update per batch).
 */
import { describe, expect, it, vi } from 'vitest';
import type { DiscoveredHost } from '../../../shared/domain/discovery';
import type { MonitorDeviceView } from '../../../shared/domain/monitor';
import type { FleetDevice } from '../../../shared/ipc/channels/monitor';
import { encodeMonitorDiff } from '../../../shared/ipc/monitor-diff-codec';
import { err, ok } from '../../../shared/result';
import { visibleRowIds } from '../../../renderer/src/features/fleet/visible-rows';
import { createRootStore } from '../../../renderer/src/stores/root-store';
import { englishTranslator } from '../../../shared/i18n/translate';
import { createTranslator } from '../../../shared/i18n/translate-sync';
import { createFakeApi, emptyTotals } from './fake-api';

const host = (n: number, kind: DiscoveredHost['kind'] = 'device'): DiscoveredHost => ({
  address: `10.0.0.${n}`,
  port: 80,
  scheme: 'http',
  kind,
  identity:
    kind === 'device'
      ? { mac: `AA:00:00:00:00:0${n}`, model: 'S21', firmware: 'Vnish', hostname: `m${n}`, serial: null }
      : null,
  seen: 'new',
});

const device = (n: number, view?: Partial<MonitorDeviceView>): FleetDevice => ({
  deviceId: `mac:AA:00:00:00:00:0${n}`,
  address: `http://10.0.0.${n}`,
  identity: {
    mac: `AA:00:00:00:00:0${n}`,
    hostname: `miner-${n}`,
    model: n % 2 === 0 ? 'S19' : 'S21',
    firmware: 'Vnish',
    serial: null,
  },
  credentials: { password: 'none', apiKey: false },
  ...(view !== undefined
    ? {
        view: {
          deviceId: `mac:AA:00:00:00:00:0${n}`,
          address: `http://10.0.0.${n}`,
          state: 'locked',
          reason: 'needs its password',
          since: 1,
          missedPolls: 0,
          alerts: [],
          ...view,
        },
      }
    : {}),
});

describe('discover slice', () => {
  it('checks what is typed with main, and shows the count or the bad item', async () => {
    const api = createFakeApi();
    vi.mocked(api['discovery:check'])
      .mockResolvedValueOnce(ok({ count: 254, needsConfirmation: false }))
      .mockResolvedValueOnce(
        err('INVALID_INPUT', 'item 2 "10.0.0.0/33": "/33" is not a prefix length.', {
          position: 2,
          token: '10.0.0.0/33',
        }),
      );
    const store = createRootStore({ api, checkDelayMs: 0 });
    store.getState().targetsTyped('10.0.0.0/24');
    expect(store.getState().targetCheck.status).toBe('checking');
    await vi.waitFor(() =>
      expect(store.getState().targetCheck).toEqual({ status: 'valid', count: 254, needsConfirmation: false }),
    );
    store.getState().targetsTyped('10.0.0.1, 10.0.0.0/33');
    await vi.waitFor(() =>
      expect(store.getState().targetCheck).toMatchObject({
        status: 'invalid',
        error: { detail: { position: 2 } },
      }),
    );
    store.getState().targetsTyped('   ');
    expect(store.getState().targetCheck).toEqual({ status: 'empty' });
  });

  it('streams a scan from events, ticks devices as they come, and adds the ticked ones to the fleet', async () => {
    const api = createFakeApi();
    vi.mocked(api['discovery:start']).mockResolvedValue(ok({ scanId: 's1', total: 254 }));
    vi.mocked(api['monitor:add']).mockResolvedValue(ok({ added: 2, alreadyThere: 0 }));
    const store = createRootStore({ api });
    store.getState().targetsTyped('10.0.0.0/24');
    await store.getState().scanRequested();
    expect(api['discovery:start']).toHaveBeenCalledWith({
      targets: '10.0.0.0/24',
      ports: [80],
      connectTimeoutMs: 500,
      concurrency: 512,
    });
    const progress = { probed: 100, total: 254, found: 2, rate: 1000, etaSeconds: 0.2, elapsedMs: 100 };
    api.pushEvents([
      { type: 'discovery:found', payload: { scanId: 's1', host: host(1) } },
      { type: 'discovery:found', payload: { scanId: 'other', host: host(9) } },
      { type: 'discovery:found', payload: { scanId: 's1', host: host(2) } },
      { type: 'discovery:found', payload: { scanId: 's1', host: host(3, 'http-other') } },
      { type: 'discovery:progress', payload: { scanId: 's1', progress } },
    ]);
    expect(store.getState().results.map((h) => h.address)).toEqual(['10.0.0.1', '10.0.0.2', '10.0.0.3']);
    expect(store.getState().pickedResults).toEqual({ '10.0.0.1:80': true, '10.0.0.2:80': true });
    expect(store.getState().scan).toMatchObject({ status: 'running', progress });
    api.pushEvents([
      {
        type: 'discovery:done',
        payload: {
          scanId: 's1',
          summary: {
            probed: 254,
            total: 254,
            found: 3,
            durationMs: 300,
            cancelled: false,
            unresolved: [],
            failed: 0,
          },
        },
      },
    ]);
    expect(store.getState().scan.status).toBe('done');
    await store.getState().selectionAddedToFleet();
    expect(api['monitor:add']).toHaveBeenCalledWith({
      devices: [
        { address: 'http://10.0.0.1:80', identity: host(1).identity },
        { address: 'http://10.0.0.2:80', identity: host(2).identity },
      ],
    });
    expect(store.getState().addToFleet).toEqual({
      status: 'done',
      words: { id: 'discover.results.added', values: { added: 2 } },
    });
  });

  it('refuses ports that are not ports, without calling main', async () => {
    const api = createFakeApi();
    const store = createRootStore({ api });
    store.getState().scanOptionsChanged({ ports: '80, http' });
    await store.getState().scanRequested();
    expect(api['discovery:start']).not.toHaveBeenCalled();
    expect(store.getState().scan).toMatchObject({ status: 'error', error: { code: 'INVALID_INPUT' } });
  });
});

describe('fleet slice', () => {
  it('loads the snapshot, then applies monitor diffs and fleet changes batch by batch', async () => {
    const api = createFakeApi();
    vi.mocked(api['monitor:snapshot']).mockResolvedValue(
      ok({ running: true, devices: [device(1, {}), device(2, {})], totals: emptyTotals(2), alerts: [] }),
    );
    const store = createRootStore({ api, redrawMs: 0 });
    await store.getState().fleetRequested();
    expect(store.getState().rows.map((r) => [r.host, r.state])).toEqual([
      ['10.0.0.1', 'locked'],
      ['10.0.0.2', 'locked'],
    ]);
    const before = store.getState().rows;
    const online = device(2, {
      state: 'online',
      reason: 'device reports mining',
      reading: { minerState: 'mining', minerKind: 'mining', hashRate: 1.5e14 },
    }).view!;
    api.pushEvents([
      {
        type: 'monitor:diff',
        payload: encodeMonitorDiff({
          at: 2,
          devices: [online],
          removed: [],
          raised: [],
          cleared: [],
          totals: { ...emptyTotals(2), hashRate: 1.5e14 },
        }),
      },
      { type: 'fleet:changed', payload: { devices: [device(3)], removed: ['mac:AA:00:00:00:00:01'] } },
    ]);
    const rows = store.getState().rows;
    expect(rows.map((r) => [r.host, r.state, r.hashRate])).toEqual([
      ['10.0.0.2', 'online', 1.5e14],
      ['10.0.0.3', 'not-watched', undefined],
    ]);
    expect(before[1]).not.toBe(rows[0]);
    expect(store.getState().totals?.hashRate).toBe(1.5e14);
  });

  it('keeps the rows array when a diff changes nothing the table shows, so nothing is re-sorted', async () => {
    const api = createFakeApi();
    const reading = { minerState: 'mining', minerKind: 'mining' as const, hashRate: 1.5e14, chipTempMax: 61 };
    const online = device(1, { state: 'online', since: 5, reading });
    vi.mocked(api['monitor:snapshot']).mockResolvedValue(
      ok({ running: true, devices: [online, device(2, {})], totals: emptyTotals(2), alerts: [] }),
    );
    const store = createRootStore({ api, redrawMs: 0 });
    await store.getState().fleetRequested();
    const before = store.getState().rows;
    const diff = (view: MonitorDeviceView) => ({
      type: 'monitor:diff' as const,
      payload: encodeMonitorDiff({
        at: 10,
        devices: [view],
        removed: [],
        raised: [],
        cleared: [],
        totals: { ...emptyTotals(2), hashRate: 1.5e14 },
      }),
    });
    // Only the last answer moved: same rows, new totals.
    api.pushEvents([diff({ ...online.view!, lastAnswerAt: 9 })]);
    expect(store.getState().rows).toBe(before);
    expect(store.getState().totals?.hashRate).toBe(1.5e14);
    // A new temperature: one new row object, the other kept.
    api.pushEvents([diff({ ...online.view!, reading: { ...reading, chipTempMax: 62 } })]);
    const after = store.getState().rows;
    expect(after).not.toBe(before);
    expect(after[0]?.chipTempMax).toBe(62);
    expect(after[1]).toBe(before[1]);
  });

  it('filters by state and by words, and Ctrl+A selects exactly what is shown', async () => {
    const api = createFakeApi();
    vi.mocked(api['monitor:snapshot']).mockResolvedValue(
      ok({
        running: true,
        devices: [
          device(1, { state: 'online' }),
          device(2, { state: 'offline' }),
          device(3, { state: 'online' }),
        ],
        totals: emptyTotals(3),
        alerts: [],
      }),
    );
    const store = createRootStore({ api, redrawMs: 0 });
    await store.getState().fleetRequested();
    store.getState().filterChanged({ state: 'online' });
    expect(visibleRowIds(store.getState())).toHaveLength(2);
    store.getState().filterChanged({ text: 'miner-3 s21' });
    expect(visibleRowIds(store.getState())).toEqual(['mac:AA:00:00:00:00:03']);
    store.getState().filterChanged({ state: 'problems', text: '' });
    store.getState().devicesSelected(visibleRowIds(store.getState()));
    expect(store.getState().selection).toEqual({ 'mac:AA:00:00:00:00:02': true });
  });

  it('redraws live readings at most twice a second: the first change at once, the rest together at a frame', async () => {
    const api = createFakeApi();
    vi.mocked(api['monitor:snapshot']).mockResolvedValue(
      ok({ running: true, devices: [device(1, { state: 'online' })], totals: emptyTotals(1), alerts: [] }),
    );
    const store = createRootStore({ api });
    await store.getState().fleetRequested();
    vi.useFakeTimers();
    const diff = (temp: number) => ({
      type: 'monitor:diff' as const,
      payload: encodeMonitorDiff({
        at: temp,
        devices: [
          device(1, {
            state: 'online',
            reading: { minerState: 'mining', minerKind: 'mining' as const, chipTempMax: temp },
          }).view!,
        ],
        removed: [],
        raised: [],
        cleared: [],
        totals: emptyTotals(1),
      }),
    });
    api.pushEvents([diff(60)]);
    expect(store.getState().rows[0]?.chipTempMax).toBe(60);
    api.pushEvents([diff(61)]);
    api.pushEvents([diff(62)]);
    expect(store.getState().rows[0]?.chipTempMax).toBe(60);
    vi.advanceTimersByTime(500);
    // The time is up; the redraw runs right after the next frame.
    vi.advanceTimersToNextFrame();
    expect(store.getState().rows[0]?.chipTempMax).toBe(60);
    vi.runOnlyPendingTimers();
    expect(store.getState().rows[0]?.chipTempMax).toBe(62);
    vi.useRealTimers();
  });
});

describe('bulk slice', () => {
  it('unlocks the selection with one password, then creates keys on those that accepted it, one outcome each', async () => {
    const api = createFakeApi();
    const a = 'mac:AA:00:00:00:00:01';
    const b = 'mac:AA:00:00:00:00:02';
    vi.mocked(api['credentials:unlock']).mockResolvedValue(
      ok({
        outcomes: [
          { deviceId: a, address: 'http://10.0.0.1', ok: true, message: 'Unlocked; site password stored.' },
          { deviceId: b, address: 'http://10.0.0.2', ok: false, message: 'The device refused the password.' },
        ],
      }),
    );
    vi.mocked(api['credentials:provision']).mockResolvedValue(
      ok({
        outcomes: [
          {
            deviceId: a,
            address: 'http://10.0.0.1',
            ok: true,
            message: 'API key created, verified and stored.',
          },
        ],
      }),
    );
    const store = createRootStore({ api });
    store.getState().devicesSelected([a, b]);
    const run = store
      .getState()
      .unlockRequested({ password: 'pw', remember: true, scope: 'site', createKeys: true });
    expect(store.getState().bulk).toMatchObject({ status: 'running', operation: 'unlock', total: 2 });
    api.pushEvents([
      { type: 'credentials:progress', payload: { operation: 'unlock', done: 1, total: 2, ok: 1, failed: 0 } },
    ]);
    expect(store.getState().bulk).toMatchObject({ done: 1 });
    await run;
    expect(api['credentials:unlock']).toHaveBeenCalledWith({
      deviceIds: [a, b],
      password: 'pw',
      remember: true,
      scope: 'site',
    });
    expect(api['credentials:provision']).toHaveBeenCalledWith({ deviceIds: [a] });
    expect(store.getState().outcomes).toEqual({
      [a]: { ok: true, message: 'Unlocked; site password stored. API key created, verified and stored.' },
      [b]: { ok: false, message: 'The device refused the password.' },
    });
    const { bulk } = store.getState();
    expect(bulk.status).toBe('done');
    // The summary is a message, rendered in the window's language: English and Russian here.
    expect(bulk.summaryText && englishTranslator().t(bulk.summaryText)).toBe(
      '1 unlocked, 1 with an API key, 1 need attention.',
    );
    expect(bulk.summaryText && createTranslator('ru').t(bulk.summaryText)).toBe(
      'Разблокировано: 1, с API-ключом: 1, требует внимания: 1.',
    );
  });

  it('shows a refused action as an error, with its reason', async () => {
    const api = createFakeApi();
    vi.mocked(api['credentials:provision']).mockResolvedValue(
      err('KEYCHAIN_UNAVAILABLE', 'The keychain is locked.'),
    );
    const store = createRootStore({ api });
    await store.getState().keysRequested(['x']);
    expect(store.getState().bulk).toMatchObject({
      status: 'error',
      error: { message: 'The keychain is locked.' },
    });
  });
});
