/**
 * The inventory file: round trips, one writer across store instances (the lock), a corrupt or invalid file
 * kept aside and reported, a newer file left alone, an older one migrated with the original kept, stale
 * locks and temporary files of dead writers cleaned up.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as FsPromises from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';

/** Every file the store reads (the module is the real one; this only counts). */
const readFileCalls: string[] = [];
vi.mock('node:fs/promises', async (original) => {
  const real = await original<typeof FsPromises>();
  return {
    ...real,
    readFile: ((file: Parameters<typeof real.readFile>[0], ...rest: unknown[]) => {
      readFileCalls.push(String(file));
      return (real.readFile as (...args: unknown[]) => unknown)(file, ...rest);
    }) as typeof real.readFile,
  };
});
import { createSite } from '../../../../electron/core/inventory/sites';
import { recordScan } from '../../../../electron/core/inventory/devices';
import type { Inventory } from '../../../../electron/core/inventory/schema';
import { inventorySchema } from '../../../../electron/core/inventory/schema';
import { createInventoryStore } from '../../../../electron/core/inventory/store';
import { err, ok } from '../../../../shared/result';
import { foundDevice, tempDataDir, testClock, V1_INVENTORY } from '../../../support/inventory-fixtures';

/** A PID that surely runs no more: a child that has exited. */
const deadPid = (): number => spawnSync(process.execPath, ['-e', '0']).pid ?? 999_999;

describe('inventory store', () => {
  it('round trip: what is written loads back equal, validated', async () => {
    const dataDir = tempDataDir();
    const clock = testClock();
    const store = createInventoryStore({ dataDir, now: clock.now });
    const written = await store.update((inventory) => {
      const site = createSite(inventory, { name: 'Hall 1', subnets: ['10.0.0.0/24'] }, clock.now());
      if (!site.ok) return site;
      recordScan(
        inventory,
        site.value.id,
        [foundDevice('10.0.0.5', { mac: 'AA:BB:CC:00:00:01' })],
        clock.now(),
      );
      return ok(inventory);
    });
    expect(written.ok).toBe(true);
    const again = await createInventoryStore({ dataDir }).load();
    expect(again).toEqual({ ok: true, value: written.ok ? written.value : undefined });
    const onDisk = JSON.parse(readFileSync(join(dataDir, 'inventory.json'), 'utf8')) as unknown;
    expect(inventorySchema.parse(onDisk)).toEqual(again.ok ? again.value : undefined);
    expect(statSync(join(dataDir, 'inventory.json')).mode & 0o777).toBe(0o600);
  });

  it('starts empty without a file, and writes nothing for a change that changes nothing or fails', async () => {
    const dataDir = tempDataDir();
    const store = createInventoryStore({ dataDir });
    expect(await store.load()).toMatchObject({
      ok: true,
      value: {
        schemaVersion: 6,
        sites: [],
        devices: [],
        activity: [],
        acceptance: [],
        standards: [],
        layouts: [],
      },
    });
    expect(await store.update(() => ok('same'))).toEqual({ ok: true, value: 'same' });
    const failed = await store.update((inventory) => {
      inventory.settings.currentSiteId = 'nope';
      return err('INVALID_INPUT', 'changed my mind');
    });
    expect(failed).toMatchObject({ ok: false, error: { message: 'changed my mind' } });
    expect(existsSync(join(dataDir, 'inventory.json'))).toBe(false);
  });

  it('starts its next update from what it wrote (not read again), yet sees a file another writer replaced', async () => {
    const dataDir = tempDataDir();
    const clock = testClock();
    const path = join(dataDir, 'inventory.json');
    const store = createInventoryStore({ dataDir, now: clock.now });
    const named = (name: string) => (inventory: Inventory) =>
      createSite(inventory, { name, subnets: ['10.0.0.0/24'] }, clock.now());
    expect((await store.update(named('Hall 1'))).ok).toBe(true);
    const reads = (): number => readFileCalls.filter((file) => file === path).length;
    const before = reads();
    expect((await store.update(named('Hall 2'))).ok).toBe(true);
    expect((await store.load()).ok).toBe(true);
    expect(reads()).toBe(before);
    const names = (inventory: Inventory): string[] => inventory.sites.map((site) => site.name);
    expect(names(inventorySchema.parse(JSON.parse(readFileSync(path, 'utf8'))))).toEqual([
      'Hall 1',
      'Hall 2',
    ]);
    // Another writer (a new file renamed over it, as every write is): read again.
    const other = createInventoryStore({ dataDir, now: clock.now });
    expect((await other.update(named('Hall 3'))).ok).toBe(true);
    const seen = await store.load();
    expect(seen.ok && names(seen.value)).toEqual(['Hall 1', 'Hall 2', 'Hall 3']);
    expect(reads()).toBe(before + 2); // the other store's read before its write, then ours of its file
    expect(store.problems()).toEqual([]);
  });

  it('refuses to write an inventory that would not validate', async () => {
    const store = createInventoryStore({ dataDir: tempDataDir() });
    const result = await store.update((inventory) => {
      inventory.settings.currentSiteId = 'no-such-site';
      return ok(undefined);
    });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'INTERNAL', message: /settings.currentSiteId: no such site/ },
    });
  });

  it('loses no update when two stores (as two processes would) write at once', async () => {
    const dataDir = tempDataDir();
    const a = createInventoryStore({ dataDir });
    const b = createInventoryStore({ dataDir });
    await a.update((inventory) => createSite(inventory, { name: 'Hall' }, new Date()));
    const add = (store: typeof a, label: string) =>
      store.update((inventory) => {
        recordScan(inventory, 'hall', [foundDevice(label, null)], new Date());
        return ok(undefined);
      });
    const writes = Array.from({ length: 15 }, (_, i) => [
      add(a, `10.0.1.${i + 1}`),
      add(b, `10.0.2.${i + 1}`),
    ]);
    const results = await Promise.all(writes.flat());
    expect(results.every((r) => r.ok)).toBe(true);
    const loaded = await createInventoryStore({ dataDir }).load();
    expect(loaded.ok && loaded.value.devices).toHaveLength(30);
  });

  it.each([
    ['not JSON', '{"schemaVersion": 2, "sites": [', /not valid JSON/],
    ['not an inventory', '[1, 2, 3]', /no schemaVersion/],
    [
      'invalid for its version',
      '{"schemaVersion": 2, "sites": [{"id": "x"}], "devices": [], "settings": {}}',
      /sites\.0\.name/,
    ],
  ])('keeps a file that is %s aside, reports it, and starts empty', async (_name, text, reason) => {
    const dataDir = tempDataDir();
    writeFileSync(join(dataDir, 'inventory.json'), text);
    const store = createInventoryStore({ dataDir });
    expect(await store.load()).toMatchObject({ ok: true, value: { sites: [], devices: [] } });
    const kept = readdirSync(dataDir).filter((name) => name.startsWith('inventory.corrupt-'));
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatch(/^inventory\.corrupt-\d{4}-\d\d-\d\dT[\d-]+Z\.json$/);
    expect(readFileSync(join(dataDir, kept[0] ?? ''), 'utf8')).toBe(text);
    expect(store.problems()).toEqual([
      {
        kind: 'corrupt',
        message: expect.stringMatching(reason) as unknown,
        // The same sentence for the window's language (issue 35).
        text: expect.objectContaining({ id: 'errors.inventory.corrupt' }) as unknown,
        keptAt: join(dataDir, kept[0] ?? ''),
      },
    ]);
    // The next write starts a new file; the bad one stays where it was put.
    await store.update((inventory) => createSite(inventory, { name: 'Fresh' }, new Date()));
    expect(
      readdirSync(dataDir)
        .filter((name) => name.startsWith('inventory'))
        .sort(),
    ).toEqual([kept[0], 'inventory.json'].sort());
  });

  it('leaves a file from a newer Minerdeck untouched and refuses to use it', async () => {
    const dataDir = tempDataDir();
    const text = '{"schemaVersion": 99, "whatever": true}';
    writeFileSync(join(dataDir, 'inventory.json'), text);
    const store = createInventoryStore({ dataDir });
    expect(await store.load()).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN', message: /newer Minerdeck/ },
    });
    expect(await store.update(() => ok(undefined))).toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN' },
    });
    expect(readFileSync(join(dataDir, 'inventory.json'), 'utf8')).toBe(text);
    expect(readdirSync(dataDir).sort()).toEqual(['inventory.json']);
  });

  it('migrates a version 1 file on load, and keeps the original before its first write', async () => {
    const dataDir = tempDataDir();
    const original = JSON.stringify(V1_INVENTORY);
    writeFileSync(join(dataDir, 'inventory.json'), original);
    const store = createInventoryStore({ dataDir });
    const loaded = await store.load();
    expect(loaded.ok && loaded.value.devices.map((d) => d.id)).toEqual([
      'mac:AA:BB:CC:00:00:01',
      'addr:10.0.0.7:8443',
    ]);
    expect(readFileSync(join(dataDir, 'inventory.json'), 'utf8')).toBe(original);
    await store.update((inventory) => createSite(inventory, { name: 'Hall 2' }, new Date()));
    expect(readFileSync(join(dataDir, 'inventory.v1.json'), 'utf8')).toBe(original);
    const upgraded = JSON.parse(readFileSync(join(dataDir, 'inventory.json'), 'utf8')) as {
      schemaVersion: number;
    };
    expect(upgraded.schemaVersion).toBe(6);
    expect(store.problems()).toEqual([
      expect.objectContaining({ kind: 'migrated', keptAt: join(dataDir, 'inventory.v1.json') }),
    ]);
  });

  it('takes over the lock of a dead writer and removes its temporary files', async () => {
    const dataDir = tempDataDir();
    const pid = deadPid();
    const hostname = 'this-laptop';
    writeFileSync(
      join(dataDir, 'inventory.lock'),
      JSON.stringify({ pid, hostname, token: 't', acquiredAt: '' }),
    );
    writeFileSync(join(dataDir, `inventory.json.${pid}.abcd.tmp`), '{"half": ');
    const store = createInventoryStore({ dataDir, lock: { hostname, timeoutMs: 1_000 } });
    const result = await store.update((inventory) =>
      createSite(inventory, { name: 'After crash' }, new Date()),
    );
    expect(result.ok).toBe(true);
    expect(readdirSync(dataDir)).toEqual(['inventory.json']);
  });

  it('takes over a lock file left unreadable (a writer killed between creating and filling it)', async () => {
    const dataDir = tempDataDir();
    writeFileSync(join(dataDir, 'inventory.lock'), '');
    const store = createInventoryStore({ dataDir, lock: { unreadableStaleMs: 0, timeoutMs: 1_000 } });
    expect((await store.update((inventory) => createSite(inventory, { name: 'X' }, new Date()))).ok).toBe(
      true,
    );
    expect(readdirSync(dataDir)).toEqual(['inventory.json']);
  });

  it('waits for a live writer and gives up with a clear error, never breaking its lock', async () => {
    const dataDir = tempDataDir();
    const lock = JSON.stringify({ pid: process.ppid, hostname: 'this-laptop', token: 't', acquiredAt: '' });
    writeFileSync(join(dataDir, 'inventory.lock'), lock);
    const store = createInventoryStore({ dataDir, lock: { hostname: 'this-laptop', timeoutMs: 150 } });
    const result = await store.update(() => ok(undefined));
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'TIMEOUT', message: /being written by process \d+ on this-laptop/ },
    });
    expect(readFileSync(join(dataDir, 'inventory.lock'), 'utf8')).toBe(lock);
  });

  it('never breaks a lock held on another computer (a shared folder)', async () => {
    const dataDir = tempDataDir();
    const lock = JSON.stringify({ pid: deadPid(), hostname: 'other-laptop', token: 't', acquiredAt: '' });
    writeFileSync(join(dataDir, 'inventory.lock'), lock);
    const store = createInventoryStore({ dataDir, lock: { hostname: 'this-laptop', timeoutMs: 100 } });
    expect(await store.update(() => ok(undefined))).toMatchObject({ ok: false, error: { code: 'TIMEOUT' } });
  });
});
